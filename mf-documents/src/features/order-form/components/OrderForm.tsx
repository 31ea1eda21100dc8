import { Alert, Button } from 'shared-ui/bootstrap';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import { productToday } from 'shared-domain';
import { planYearFieldOf } from 'shared-domain/forms';
import {
  ApiError,
  isValidationError,
  notifySuccess,
  PageHeader,
  paths,
  useRevalidate,
  type DocumentPayload,
  type SessionUser,
} from 'shared-ui';
import { Form, Formik, useFormikContext, type FormikErrors, type FormikTouched } from 'shared-ui/forms';
import { DocumentBreadcrumb } from '../../../components/DocumentBreadcrumb.js';
import { useProduct } from '../api/get-product.js';
import {
  addToCart,
  cartItemPayload,
  createDocument,
  documentPayload,
  saveDocument,
  sendInvite,
  updateCart,
  updateInvite,
} from '../api/save-document.js';
import {
  accountIdEditable,
  bypassesCart,
  finalBlock,
  isCompliance,
  isRenewal,
  normalized,
  originalEffectiveDateEditable,
  planDatesEditable,
  planYearRuleOf,
  type FormValues,
  type LoadedDocument,
  type PaymentButton,
} from '../model.js';
import {
  fieldsOfStep,
  firstStepWithErrors,
  planYearProblemsOf,
  retroactiveReasonOf,
  validateDocument,
  type PlanYearCheck,
  type ServerErrors,
  type StepNumber,
} from '../validate.js';
import type { SavedDraft } from '../api/document-draft.js';
import { changedAnswers, restoredValues, sameAnswers } from '../draft.js';
import { useDraftAutosave } from '../hooks/use-draft-autosave.js';
import { useUnsavedChangesPrompt } from '../hooks/use-unsaved-changes-prompt.js';
import { ClientChoice } from './ClientChoice.js';
import { DraftNotice } from './DraftNotice.js';
import { ErrorSummary, focusControl, type FieldProblem } from './ErrorSummary.js';
import { PANEL_ID, StepTabs, tabIdOf } from './StepTabs.js';
import { CompanyStep } from './CompanyStep.js';
import { DuplicateTaxIdCheck } from './DuplicateTaxIdCheck.js';
import { InviteDialog } from './InviteDialog.js';
import { FinishStep } from './FinishStep.js';
import { PaymentOptions } from './PaymentOptions.js';
import { PlanStep } from './PlanStep.js';
import { ReviewStep } from './ReviewStep.js';

/** The specs' catalogue texts of the order form (specs/2-documents.md §2, §7, §8). */
export const ORDER_FORM_TEXT = {
  title: 'POP Document Order Form',
  bypassTitle: 'POP Document Form',
  saved: 'The document has been saved',
  changesAccepted: 'Your document changes have been accepted',
  adminUpdated: 'Document has been updated',
  adminNewNote:
    'A document can only be purchased through an invite: invite the client to purchase it, or create it free.',
  inviteSent: (first: string, last: string) => `Invite has been sent to ${first} ${last}`,
  inviteUpdated: 'Invite has been updated',
} as const;

const stepTitle = (step: StepNumber, bypass: boolean) =>
  ({
    1: 'Step 1 - Company Information',
    2: 'Step 2 - Plan Details',
    3: 'Step 3 - Finish Up',
    4: bypass ? 'Complete Document' : 'Step 4 - Complete',
  })[step];

interface OrderFormProps {
  user: SessionUser;
  document: LoadedDocument;
  /** /document/{id}/readonly, or a read-only document: the review alone. */
  reviewOnly?: boolean;
  /** cart-api's key of this form's autosaved draft; null: the form keeps none. */
  draftKey?: string | null;
  /** The user's draft the form opens with (restored over the loaded answers), or null. */
  draft?: SavedDraft | null;
}

/** The step `?step=` names (the URL holds the step, so Back and Forward move between steps). */
const stepOf = (param: string | null): StepNumber =>
  param === '2' || param === '3' || param === '4' ? (Number(param) as StepNumber) : 1;

/**
 * The four-step order form (specs/2-documents.md §2): company, plan details, finish up, then the
 * review and the final-step block of the situation (§4 save logic). The rules are shared-domain's
 * `documentSchema`, the ones the server runs on every write.
 */
export function OrderForm({
  user,
  document,
  reviewOnly = false,
  draftKey = null,
  draft = null,
}: OrderFormProps) {
  const bypass = bypassesCart(user, document);
  const colonial = document.partner?.colonial != null;
  const compliance = isCompliance(user);
  // The plan-year rule (no retroactive adoption): on the form for a new document; the server's refusal
  // of a plan-year date shows under its field until the user changes it (a ref: read at validation).
  const planYearRule = planYearRuleOf(document);
  const serverErrors = useRef<ServerErrors>({});
  const planYearCheck = (): PlanYearCheck | null =>
    planYearRule && { today: productToday(), renewal: planYearRule.renewal };
  // The draft's answers over the loaded ones (the notice says so, and Discard goes back).
  const [initialValues] = useState(() =>
    draft ? restoredValues(document.form, draft.values) : document.form,
  );
  const [searchParams] = useSearchParams();
  const formTitle = bypass ? ORDER_FORM_TEXT.bypassTitle : ORDER_FORM_TEXT.title;
  const readOnlyForm = reviewOnly || document.isReadOnly;
  return (
    <section aria-labelledby="order-form-title">
      {document.documentId && (
        <DocumentBreadcrumb
          documentId={document.documentId}
          name={String(document.form.clientCompanyName || 'POP Document')}
        />
      )}
      <PageHeader
        title={formTitle}
        headingId="order-form-title"
        // The tab names the step too ('POP Document Order Form – Step 2'): history and tabs tell them apart.
        documentTitle={readOnlyForm ? formTitle : `${formTitle} – Step ${stepOf(searchParams.get('step'))}`}
      />
      <Formik<FormValues>
        initialValues={initialValues}
        // The step tabs mark the steps whose answers pass: the rules run from the start. An editable
        // form runs them as it lands (OrderFormSteps picks its step by them); running them twice held a
        // phone's main thread ~60 ms longer.
        validateOnMount={readOnlyForm}
        validate={(values) =>
          validateDocument(values, {
            colonial,
            renewal: isRenewal(document),
            planYear: planYearCheck(),
            serverErrors: serverErrors.current,
            overridable: compliance,
          })
        }
        onSubmit={() => undefined}
      >
        <OrderFormSteps
          user={user}
          document={document}
          reviewOnly={reviewOnly}
          draftKey={draftKey}
          draft={draft}
          serverErrors={serverErrors}
          planYearCheck={planYearCheck}
        />
      </Formik>
    </section>
  );
}

interface OrderFormStepsProps extends Required<OrderFormProps> {
  serverErrors: MutableRefObject<ServerErrors>;
  planYearCheck: () => PlanYearCheck | null;
}

/** The steps, their navigation and the final block, inside Formik. */
function OrderFormSteps({
  user,
  document,
  reviewOnly,
  draftKey,
  draft,
  serverErrors,
  planYearCheck,
}: OrderFormStepsProps) {
  const formik = useFormikContext<FormValues>();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  // From an action item (an invite: the inviter's price; the server knows which kind it is).
  const { data: product } = useProduct(
    user.userId,
    document.strategicPartnerId,
    document.actionItem?.actionItemId ?? null,
  );
  const bypass = bypassesCart(user, document);
  const readOnly = reviewOnly || document.isReadOnly;
  const [searchParams, setSearchParams] = useSearchParams();
  const step: StepNumber = readOnly ? 4 : stepOf(searchParams.get('step'));
  const [chosen, setChosen] = useState<string[] | null>(document.selectedAttributes);
  const [busy, setBusy] = useState(false);
  /** The checked document the invite dialog will send; null: the dialog is closed. */
  const [toInvite, setToInvite] = useState<DocumentPayload | null>(null);
  /** The existing client a duplicate tax id's Continue joined the document to. */
  const [adoptedClientId, setAdoptedClientId] = useState<string | null>(null);
  const linked = adoptedClientId ? { ...document, clientId: adoptedClientId } : document;
  /** Compliance's new document is for an existing client (ClientChoice), one not picked yet: `clientMissing`. */
  const [joinsExisting, setJoinsExisting] = useState(false);
  const [clientMissing, setClientMissing] = useState(false);
  const compliance = isCompliance(user);
  const refusedStill = (values: FormValues) =>
    Object.entries(serverErrors.current).some(
      ([field, refused]) => refused && values[field] === refused.value,
    );
  const selected = chosen ?? product?.selectedAttributes ?? [];
  const block = finalBlock(user, document);
  // Compliance's new document names its client, unless it has one already (a renewal's).
  const choosesClient = block.kind === 'admin-new' && document.clientId === null;
  const editable = {
    planDates: planDatesEditable(user, document),
    accountId: accountIdEditable(user, document),
    agentNumber: isCompliance(user) || document.documentId === null,
    adoptedClient: adoptedClientId !== null,
    originalEffectiveDate: originalEffectiveDateEditable(user, document),
  };

  // The draft: kept on the server while the answers differ from those loaded (or last saved).
  const [baseline, setBaseline] = useState<FormValues>(document.form);
  const [restoredAt, setRestoredAt] = useState<string | null>(draft?.savedAt ?? null);
  const [restored] = useState(() =>
    draft
      ? {
          step: draft.step,
          values: changedAnswers(restoredValues(document.form, draft.values), document.form),
        }
      : null,
  );
  const changed = !readOnly && !sameAnswers(formik.values, baseline);
  const autosave = useDraftAutosave({
    formKey: readOnly ? null : draftKey,
    step,
    wanted: changed ? { step, values: changedAnswers(formik.values, baseline) } : null,
    restored,
  });
  useUnsavedChangesPrompt(changed);

  /** Opens a step: a new history entry (Back returns), or in place of this one. */
  function openStep(target: StepNumber, { replace = false } = {}) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('step', String(target));
        return next;
      },
      { replace },
    );
  }

  // Focus after a step change: the step's heading, or the first invalid field after a refused Next.
  const sectionTop = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusRequest = useRef<'invalid' | null>(null);
  const shownStep = useRef(step);
  /** The step whose Next was refused: its error summary shows while it has errors. */
  const [attempted, setAttempted] = useState<StepNumber | null>(null);
  /** The first landing (the address, or the draft's step) moves no focus: the page has just opened. */
  const landing = useRef(true);
  /** Whether the rules have run yet (as the form lands): until then no step is marked completed. */
  const [ruled, setRuled] = useState(false);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (landing.current || focusRequest.current === 'invalid') return;
    sectionTop.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, [step]);

  useEffect(() => {
    if (focusRequest.current !== 'invalid') return;
    focusRequest.current = null;
    const control = panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (control) focusControl(control);
    else heading.current?.focus();
  });

  /** Touches a step's fields so its errors show, opens it, and sends the focus to its first problem. */
  function showErrorsOf(target: StepNumber, { replace = false } = {}) {
    const touched: FormikTouched<FormValues> = { ...formik.touched };
    for (const name of fieldsOfStep(target)) (touched as Record<string, boolean>)[name] = true;
    void formik.setTouched(touched, false);
    setAttempted(target);
    focusRequest.current = 'invalid';
    if (target !== step) openStep(target, { replace });
  }

  // The step the address names is reached only past valid steps: opened at ?step=3 (or at a draft's
  // step) with step 1 unanswered, the form lands on step 1; Forward past a step made invalid since is
  // refused the same way, with its errors.
  useEffect(() => {
    if (readOnly) return;
    const first = landing.current;
    const target: StepNumber =
      first && !searchParams.has('step') && draft
        ? (Math.min(Math.max(draft.step, 1), 4) as StepNumber)
        : step;
    let current = true;
    const validate = () => void formik.validateForm().then(landOn);
    // As the form opens, in a task of its own: the rules (the plan year's, in New York time) are a
    // phone's longest piece of work then, and would otherwise run in the task that commits the form.
    const timer = first ? setTimeout(validate, 0) : undefined;
    if (!first) validate();
    function landOn(errors: FormikErrors<FormValues>) {
      if (!current) return;
      setRuled(true);
      const blocked = firstStepWithErrors(errors, 1, target);
      const landed = blocked ?? target;
      if (first) {
        if (landed !== step) openStep(landed, { replace: true });
        // The landing is over once the form shows the step it landed on.
        else landing.current = false;
      } else if (blocked !== null) showErrorsOf(blocked, { replace: true });
    }
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // Runs when the step the address names changes; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  function select(attributeId: string, attributeValueId: string) {
    const others = (product?.attributes ?? [])
      .filter((attribute) => attribute.id !== attributeId)
      .flatMap((attribute) => attribute.values.map((value) => value.attributeValueId));
    setChosen([
      ...selected.filter((id) => others.includes(id)),
      ...(attributeValueId ? [attributeValueId] : []),
    ]);
  }

  /** Moves to `target`; going forward, a step with errors on the way shows them instead. */
  async function goTo(target: StepNumber) {
    landing.current = false;
    if (target > step) {
      const errors: FormikErrors<FormValues> = await formik.validateForm();
      const blocked = firstStepWithErrors(errors, step, target);
      if (blocked !== null) return showErrorsOf(blocked);
    }
    if (target !== step) openStep(target);
  }

  /**
   * The whole form checked; the first step with errors opens with them shown. `withReason`:
   * compliance's reason for a plan year before today goes along (a cart item carries none).
   */
  async function checkedPayload(withReason = true): Promise<DocumentPayload | null> {
    const errors = await formik.validateForm();
    const blocked = firstStepWithErrors(errors, 1, 4);
    if (blocked !== null) {
      showErrorsOf(blocked);
      return null;
    }
    if (choosesClient && joinsExisting && !adoptedClientId) {
      setClientMissing(true);
      return null;
    }
    const payload = documentPayload(normalized(formik.values), linked);
    const reason = retroactiveReasonOf(formik.values);
    return withReason && compliance && reason ? { ...payload, retroactiveReason: reason } : payload;
  }

  /** The server refused a plan-year date (a 400 naming it): shown under its field, on step 2. */
  function showServerErrors(error: unknown) {
    if (!(error instanceof ApiError) || error.status !== 400 || !isValidationError(error.body)) return;
    let shown = false;
    for (const message of error.body.errors) {
      const field = planYearFieldOf(message);
      if (field === null) continue;
      serverErrors.current = {
        ...serverErrors.current,
        [field]: { message, value: formik.values[field] },
      };
      shown = true;
    }
    if (!shown) return;
    void formik.validateForm();
    showErrorsOf(2);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      // The client has told the user (toast or error window); the form keeps what they typed,
      // and shows a refused plan-year date under its field.
      showServerErrors(error);
    } finally {
      setBusy(false);
    }
  }

  const create = () =>
    run(async () => {
      const payload = await checkedPayload();
      if (!payload) return;
      await createDocument(user.userId, payload);
      await autosave.finish();
      notifySuccess(ORDER_FORM_TEXT.saved);
      navigate(paths.home());
    });

  const update = (admin: boolean) =>
    run(async () => {
      const payload = await checkedPayload();
      if (!payload || document.documentId === null) return;
      await saveDocument(document.documentId, payload);
      await autosave.finish();
      if (admin) {
        // Compliance stays on the page: what it saved is the new starting point of a draft.
        setBaseline(formik.values);
        setRestoredAt(null);
        autosave.restart();
        notifySuccess(ORDER_FORM_TEXT.adminUpdated);
        await revalidate(['/epop-document/{id}']);
      } else {
        notifySuccess(ORDER_FORM_TEXT.changesAccepted);
        navigate(paths.home());
      }
    });

  const toCart = () =>
    run(async () => {
      const payload = await checkedPayload(false);
      if (!payload || !product) return;
      const item = cartItemPayload(user.userId, product.productId, selected, payload, document);
      if (document.cartItemId) await updateCart(document.cartItemId, item);
      else await addToCart(item);
      await autosave.finish();
      await revalidate(['/shopping-cart/{id}', '/shopping-cart/{userId}/count/saved-for-later']);
      navigate(paths.basket());
    });

  /** Opens the invite dialog once the whole form is right. */
  const openInvite = () =>
    run(async () => {
      const payload = await checkedPayload();
      if (payload) setToInvite(payload);
    });

  const updateTheInvite = () =>
    run(async () => {
      const payload = await checkedPayload();
      if (!payload || !document.actionItem) return;
      await updateInvite(document.actionItem.actionItemId, payload);
      await autosave.finish();
      notifySuccess(ORDER_FORM_TEXT.inviteUpdated);
      navigate(paths.home());
    });

  function onAction(button: PaymentButton) {
    if (button === 'add-to-cart' || button === 'update-cart') void toCart();
    else if (button === 'send-invite') void openInvite();
    else if (button === 'update-invite') void updateTheInvite();
    else if (button === 'update') void update(false);
    else if (button === 'back-to-main') navigate(paths.home());
  }

  function discardDraft() {
    autosave.discard();
    formik.resetForm({ values: document.form });
    setBaseline(document.form);
    setRestoredAt(null);
    setAttempted(null);
    landing.current = false;
    if (step !== 1) openStep(1, { replace: true });
  }

  const problems: FieldProblem[] =
    attempted === step
      ? fieldsOfStep(step).flatMap((name) => {
          const message = (formik.errors as Record<string, unknown>)[name];
          const touched = (formik.touched as Record<string, unknown>)[name];
          return touched && typeof message === 'string' ? [{ name, message }] : [];
        })
      : [];
  const completed = (tab: StepNumber) =>
    ruled && tab < 4 && fieldsOfStep(tab).every((name) => !(name in formik.errors));

  return (
    <Form noValidate aria-label={bypass ? ORDER_FORM_TEXT.bypassTitle : ORDER_FORM_TEXT.title}>
      <div ref={sectionTop} />
      {!readOnly && restoredAt && <DraftNotice savedAt={restoredAt} onDiscard={discardDraft} />}
      {!readOnly && (
        <StepTabs
          step={step}
          titleOf={(tab) => stepTitle(tab, bypass)}
          completed={completed}
          onSelect={(tab) => void goTo(tab)}
        />
      )}
      <div
        ref={panel}
        {...(readOnly ? {} : { role: 'tabpanel', id: PANEL_ID, 'aria-labelledby': tabIdOf(step) })}
      >
        {!readOnly && (
          <h2 ref={heading} tabIndex={-1} className="h4 mb-3">
            {stepTitle(step, bypass)}
          </h2>
        )}
        <ErrorSummary problems={problems} container={panel} />
        {step === 1 && <CompanyStep document={document} editable={editable} />}
        <DuplicateTaxIdCheck
          enabled={
            !readOnly && document.documentId === null && document.clientId === null && !adoptedClientId
          }
          onAdopt={setAdoptedClientId}
        />
        {step === 2 && (
          <PlanStep
            document={document}
            editable={editable}
            // Compliance's override: asked only when a plan-year date starts before today.
            showReason={
              compliance &&
              (planYearProblemsOf(formik.values, planYearCheck()).length > 0 ||
                refusedStill(formik.values) ||
                retroactiveReasonOf(formik.values) !== '')
            }
          />
        )}
        {step === 3 && <FinishStep />}
        {step === 4 && (
          <>
            <ReviewStep values={formik.values} document={document} />
            {isCompliance(user) && document.originalDocumentId && (
              <p>
                Originating Document ID: <code>{document.originalDocumentId}</code>
              </p>
            )}
            {block.kind === 'admin-new' && (
              <>
                {choosesClient && (
                  <ClientChoice
                    clientId={adoptedClientId}
                    existing={joinsExisting || adoptedClientId !== null}
                    onExistingChange={(existing) => {
                      setJoinsExisting(existing);
                      setClientMissing(false);
                    }}
                    onClientChange={(clientId) => {
                      setAdoptedClientId(clientId);
                      setClientMissing(false);
                    }}
                    missing={clientMissing}
                  />
                )}
                <Alert variant="info">{ORDER_FORM_TEXT.adminNewNote}</Alert>
                <div className="d-flex gap-2">
                  <Button disabled={busy} onClick={() => void openInvite()}>
                    Invite to Purchase
                  </Button>
                  <Button disabled={busy} variant="outline-primary" onClick={() => void create()}>
                    Create Free Document
                  </Button>
                </div>
              </>
            )}
            {block.kind === 'admin-existing' &&
              (block.readOnly || readOnly ? (
                <Button variant="secondary" onClick={() => navigate(paths.home())}>
                  Back to Main
                </Button>
              ) : (
                <Button disabled={busy} onClick={() => void update(true)}>
                  Update
                </Button>
              ))}
            {block.kind === 'bypass' && (
              <Button disabled={busy} onClick={() => void create()}>
                Save Document
              </Button>
            )}
            {block.kind === 'payment' && (
              <PaymentOptions
                product={product}
                values={formik.values}
                buttons={readOnly ? ['back-to-main'] : block.buttons}
                showAttributes={block.showAttributes}
                selected={selected}
                onSelect={select}
                onAction={onAction}
                busy={busy}
              />
            )}
          </>
        )}
      </div>
      {toInvite && (
        <InviteDialog
          show
          title={block.kind === 'admin-new' ? 'Invite to Purchase' : 'Send Invite'}
          companyName={String(formik.values.clientCompanyName ?? '')}
          onClose={() => setToInvite(null)}
          onSend={async (invitee) => {
            await sendInvite(invitee, toInvite, block.kind === 'admin-new' ? [] : selected);
            await autosave.finish();
            notifySuccess(ORDER_FORM_TEXT.inviteSent(invitee.firstname.trim(), invitee.lastname.trim()));
            navigate(paths.home());
          }}
        />
      )}
      {!readOnly && (
        <div className="d-flex justify-content-between mt-3">
          <Button
            variant="outline-secondary"
            disabled={step === 1}
            onClick={() => void goTo((step - 1) as StepNumber)}
          >
            Back
          </Button>
          {step < 4 && <Button onClick={() => void goTo((step + 1) as StepNumber)}>Next</Button>}
        </div>
      )}
    </Form>
  );
}
