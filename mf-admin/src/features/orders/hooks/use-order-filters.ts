import { useSearchParams } from 'shared-ui/router';
import { isIsoDate } from 'shared-domain';

/** Order Management's list as the address bar says it: a link to it opens the same orders. */
export interface OrderFilters {
  searchText: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  newOnly: boolean;
  /** '' (All), 'general' or a strategic partner's company id. */
  partner: string;
  page: number;
}

export const NO_FILTERS: Omit<OrderFilters, 'searchText' | 'page'> = {
  from: '',
  to: '',
  newOnly: false,
  partner: '',
};

const MAX_PAGE = 1_000_000;
const PARTNER = /^(general|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The filters of an address; a value the API would refuse (a hand-edited link) is left out. */
export function readFilters(params: URLSearchParams): OrderFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : '';
  };
  const page = Number(params.get('page'));
  const partner = params.get('partner') ?? '';
  const from = day('from');
  const to = day('to');
  return {
    searchText: (params.get('search') ?? '').trim().slice(0, 200),
    // A range the API refuses (From after To) is not applied.
    from: from && to && from > to ? '' : from,
    to,
    newOnly: params.get('new') === '1',
    partner: PARTNER.test(partner) ? partner : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

function writeFilters({ searchText, from, to, newOnly, partner, page }: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (searchText) params.set('search', searchText);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (newOnly) params.set('new', '1');
  if (partner) params.set('partner', partner);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The filters, search and page in the address's query: Back goes to the list as it was, and a copied
 * link shows the same orders. A change of filter or search starts again at page 1. Filters and pages
 * add a history entry; the search replaces it (one entry per search, not per key pressed).
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  function update(changes: Partial<OrderFilters>, { replace = false } = {}) {
    setParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), { replace });
  }
  const filtered =
    filters.from !== '' ||
    filters.to !== '' ||
    filters.newOnly ||
    filters.partner !== '' ||
    filters.searchText !== '';
  return { filters, filtered, update };
}
