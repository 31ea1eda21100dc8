import { Alert, Button, Nav } from 'react-bootstrap';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { productToday } from 'shared-domain';
import { planYearFieldOf } from 'shared-domain/forms';
import {
  ApiError,
  isValidationError,
  notifySuccess,
  paths,
  useRevalidate,
  type DocumentPayload,
  type SessionUser,
} from 'shared-ui';
import { Form, Formik, type FormikErrors, type FormikTouched } from 'shared-ui/forms';
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
import { ClientChoice } from './ClientChoice.js';
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

const STEPS: readonly StepNumber[] = [1, 2, 3, 4];
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
}

/**
 * The four-step order form (specs/2-documents.md §2): company, plan details, finish up, then the
 * review and the final-step block of the situation (§4 save logic). The rules are shared-domain's
 * `documentSchema`, the ones the server runs on every write.
 */
export function OrderForm({ user, document, reviewOnly = false }: OrderFormProps) {
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  // From an action item (an invite: the inviter's price; the server knows which kind it is).
  const { data: product } = useProduct(
    user.userId,
    document.strategicPartnerId,
    document.actionItem?.actionItemId ?? null,
  );
  const bypass = bypassesCart(user, document);
  const colonial = document.partner?.colonial != null;
  const readOnly = reviewOnly || document.isReadOnly;
  const [step, setStep] = useState<StepNumber>(readOnly ? 4 : 1);
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
  // The plan-year rule (no retroactive adoption): on the form for a new document; the server's refusal
  // of a plan-year date shows under its field until the user changes it (a ref: read at validation).
  const planYearRule = planYearRuleOf(document);
  const serverErrors = useRef<ServerErrors>({});
  const planYearCheck = (): PlanYearCheck | null =>
    planYearRule && { today: productToday(), renewal: planYearRule.renewal };
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

  function select(attributeId: string, attributeValueId: string) {
    const others = (product?.attributes ?? [])
      .filter((attribute) => attribute.id !== attributeId)
      .flatMap((attribute) => attribute.values.map((value) => value.attributeValueId));
    setChosen([
      ...selected.filter((id) => others.includes(id)),
      ...(attributeValueId ? [attributeValueId] : []),
    ]);
  }

  return (
    <section aria-labelledby="order-form-title">
      {document.documentId && (
        <DocumentBreadcrumb
          documentId={document.documentId}
          name={String(document.form.clientCompanyName || 'POP Document')}
        />
      )}
      <h2 id="order-form-title">{bypass ? ORDER_FORM_TEXT.bypassTitle : ORDER_FORM_TEXT.title}</h2>
      <Formik<FormValues>
        initialValues={document.form}
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
        {(formik) => {
          /** Touches a step's fields so its errors show, and opens it. */
          function showErrorsOf(target: StepNumber) {
            const touched: FormikTouched<FormValues> = { ...formik.touched };
            for (const name of fieldsOfStep(target)) (touched as Record<string, boolean>)[name] = true;
            void formik.setTouched(touched, false);
            setStep(target);
          }

          /** Moves to `target`; going forward, a step with errors on the way shows them instead. */
          async function goTo(target: StepNumber) {
            if (target > step) {
              const errors: FormikErrors<FormValues> = await formik.validateForm();
              const blocked = firstStepWithErrors(errors, step, target);
              if (blocked !== null) return showErrorsOf(blocked);
            }
            setStep(target);
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
            if (!(error instanceof ApiError) || error.status !== 400 || !isValidationError(error.body))
              return;
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
              notifySuccess(ORDER_FORM_TEXT.saved);
              navigate(paths.home());
            });

          const update = (admin: boolean) =>
            run(async () => {
              const payload = await checkedPayload();
              if (!payload || document.documentId === null) return;
              await saveDocument(document.documentId, payload);
              if (admin) {
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

          return (
            <Form noValidate aria-label={bypass ? ORDER_FORM_TEXT.bypassTitle : ORDER_FORM_TEXT.title}>
              {!readOnly && (
                <Nav variant="tabs" className="mb-3" role="tablist">
                  {STEPS.map((tab) => (
                    <Nav.Item key={tab}>
                      <Nav.Link
                        as="button"
                        type="button"
                        role="tab"
                        aria-selected={tab === step}
                        active={tab === step}
                        onClick={() => void goTo(tab)}
                      >
                        {stepTitle(tab, bypass)}
                      </Nav.Link>
                    </Nav.Item>
                  ))}
                </Nav>
              )}
              <div role={readOnly ? undefined : 'tabpanel'} aria-label={stepTitle(step, bypass)}>
                {step === 1 && <CompanyStep document={document} editable={editable} />}
                <DuplicateTaxIdCheck
                  enabled={
                    !readOnly &&
                    document.documentId === null &&
                    document.clientId === null &&
                    !adoptedClientId
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
                    notifySuccess(
                      ORDER_FORM_TEXT.inviteSent(invitee.firstname.trim(), invitee.lastname.trim()),
                    );
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
        }}
      </Formik>
    </section>
  );
}
