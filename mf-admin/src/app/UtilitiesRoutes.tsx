import type { ReactElement } from 'react';
import { Route, Routes } from 'shared-ui/router';
import { below, NotFound, patterns, UTILITY_SECTIONS, type UtilitySection } from 'shared-ui';
import { PromoCodeEditor } from '../features/promo-codes/components/PromoCodeEditor.js';
import { PromoCodeList } from '../features/promo-codes/components/PromoCodeList.js';
import { PartnerReport } from '../features/partner-report/components/PartnerReport.js';
import { Bcn } from '../features/colonial/components/Bcn.js';
import { ColonialBillFile } from '../features/colonial/components/ColonialBillFile.js';
import { ReturnFileUpload } from '../features/colonial/components/ReturnFileUpload.js';
import { WeeklyOrderReport } from '../features/weekly-order-report/components/WeeklyOrderReport.js';
import { AppConfigPage } from '../features/settings/components/AppConfigPage.js';
import { RefreshTokenSetting } from '../features/settings/components/RefreshTokenSetting.js';
import { SystemMessages } from '../features/settings/components/SystemMessages.js';
import { UtilitiesLayout } from '../features/utilities/components/UtilitiesLayout.js';
import { UtilitiesIndex } from '../features/utilities/components/UtilitiesIndex.js';

/** What each section of the menu shows. */
const SECTIONS: Record<UtilitySection, ReactElement> = {
  'promo-code': <PromoCodeList />,
  'colonial-bill-file': <ColonialBillFile />,
  'return-file-upload': <ReturnFileUpload />,
  'strategic-partner-report': <PartnerReport />,
  'weekly-order-report': <WeeklyOrderReport />,
  bcn: <Bcn />,
  'system-messages': <SystemMessages />,
  'app-config': <AppConfigPage />,
  'refresh-token': <RefreshTokenSetting />,
};

/** /admin/utilities/*: the menu, and beside it the section its id selects (routes relative to the mount). */
export function UtilitiesRoutes() {
  return (
    <UtilitiesLayout>
      <Routes>
        <Route index element={<UtilitiesIndex />} />
        {UTILITY_SECTIONS.map((section) => (
          <Route key={section} path={section} element={SECTIONS[section]} />
        ))}
        <Route path={below(patterns.utilities, patterns.newPromoCode)} element={<PromoCodeEditor />} />
        <Route path={below(patterns.utilities, patterns.promoCode)} element={<PromoCodeEditor />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </UtilitiesLayout>
  );
}
