import { useAuthFlows, useSession, useSignupRequirements } from '@marketkit/hooks';
import {
  consentDecisions,
  DEFAULT_PHONE_EXTENSION,
  type Identifier,
  missingConsents,
  nameProblem,
  newPasswordProblems,
  readIdentifier,
} from '@marketkit/hooks/core';
import { Button, ErrorState, Input, RichText, Skeleton } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import { AuthLinks } from '../account-auth/auth-links.tsx';
import { type CodeChallenge, CodeForm } from '../account-auth/code-form.tsx';
import { useFinishSignIn } from '../account-auth/finish.ts';
import { NewPasswordFields } from '../account-auth/new-password-fields.tsx';
import { recaptchaToken } from '../account-auth/recaptcha.ts';
import type { SignUpActionData } from '../account-auth/sign-in-steps.ts';
import { failureMessage, failureText } from '../common/failure.ts';
import { fieldProblems } from '../common/field-problems.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { useHydrated } from '../shell/guards.tsx';

export const handle: RouteHandle = { i18n: ['signup', 'signin'] };

type Step =
  | { kind: 'identify' }
  | { kind: 'code'; challenge: CodeChallenge; who: Identifier }
  | { kind: 'details'; token: string; who: Identifier };
type Field =
  | 'phone'
  | 'email'
  | 'extension'
  | 'first_name'
  | 'last_name'
  | 'other'
  | 'password'
  | 'confirm'
  | 'consents';

/** The contract's field names → the form's: the identifier not verified is typed in `other`. */
const SERVER_FIELDS: Readonly<Record<string, Field>> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'other',
  phone: 'other',
  password: 'password',
};

/**
 * Sign-up (`/signup`, guests only), the store's OTP sign-up: a phone number (default +91) or an e-mail
 * address, a one-time code (resend after the server's wait), then the shopper's details and the
 * store's consents; reCAPTCHA when the store turns it on. Signed in at the end.
 */
export default function SignUp() {
  const { t } = useTranslation(['signup', 'signin', 'common']);
  const session = useSession();
  const flows = useAuthFlows();
  const requirements = useSignupRequirements();
  const finish = useFinishSignIn();
  const hydrated = useHydrated();
  // What the route action answered when the browser submitted a step itself (before the code ran).
  const answered = useActionData<SignUpActionData>();
  const [step, setStep] = useState<Step>(answered?.step ?? { kind: 'identify' });
  const [extension, setExtension] = useState(DEFAULT_PHONE_EXTENSION);
  // The consents ticked: the boxes hold them (a tick before the code runs stays); this mirrors them.
  const [accepted, setAccepted] = useState<Set<number>>(() => new Set(answered?.accepted ?? []));
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>(() => {
    const worded: Partial<Record<Field, string>> = {};
    for (const [name, problem] of Object.entries(answered?.problems ?? {}))
      if (name === 'consents') worded.consents = t('consent_required');
      else if (name !== 'otp') worded[name as Field] = t(`signin:problem.${problem}`);
    return worded;
  });
  const [error, setError] = useState(() =>
    answered && 'failure' in answered && answered.step?.kind !== 'code'
      ? failureText(answered.failure ?? null, t('failed'), t)
      : '',
  );
  const [busy, setBusy] = useState(false);
  // The details step the route action rendered carries the store's requirements it asked for; the
  // page's own flow asks for them itself.
  const carried = answered?.step?.kind === 'details' ? answered.step.requirements : null;
  const needs = carried
    ? { ...carried, isLoading: false, error: null, reload: requirements.reload }
    : requirements;
  // Only the page's code can answer reCAPTCHA: until it runs, the details step says so.
  const recaptchaOn = Boolean(needs.recaptcha?.enabled && needs.recaptcha.site_key);
  const typed = answered?.typed;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (caught) {
      // A value the server refused: the page's own words beside its field, by the refusal's code.
      const byField = fieldProblems(caught, SERVER_FIELDS, t);
      const named = Object.keys(byField).length > 0;
      if (named) setProblems(byField);
      setError(named ? t('common:errors.VALIDATION_FAILED') : failureMessage(caught, t('failed'), t));
    } finally {
      setBusy(false);
    }
  };

  const identify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form: what was picked and typed before the code ran counts.
    const form = new FormData(event.currentTarget);
    const by = form.get('by') === 'email' ? 'email' : 'phone';
    const extension = String(form.get('extension') ?? '');
    const read = readIdentifier(String(form.get(by) ?? ''), extension);
    if (!read.ok || read.value.identifier_type !== by) {
      // Under the field to change: the e-mail or number, or the number's extension.
      const field = !read.ok && read.field === 'extension' ? 'extension' : by;
      setProblems({ [field]: t(`signin:problem.${read.ok ? by : read.problem}`) });
      return;
    }
    setProblems({});
    setExtension(extension);
    void run(async () => {
      const challenge = await flows.sendCode({ ...read.value, purpose: 'signup' });
      setStep({ kind: 'code', challenge, who: read.value });
    });
  };

  const submitDetails = (token: string, who: Identifier) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const firstName = text('first_name');
    const lastName = text('last_name');
    const other = text('other');
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    // Read from the boxes: a consent ticked before the code ran counts.
    const ticked = new Set(form.getAll('consent').map(Number));
    setAccepted(ticked);
    const found: Partial<Record<Field, string>> = {};
    const first = nameProblem(firstName);
    if (first) found.first_name = t(`signin:problem.${first}`);
    const last = nameProblem(lastName);
    if (last) found.last_name = t(`signin:problem.${last}`);
    // The other identifier is optional; when given it must be valid.
    const otherRead = other ? readIdentifier(other, extension) : null;
    const otherType = who.identifier_type === 'phone' ? 'email' : 'phone';
    if (otherRead && (!otherRead.ok || otherRead.value.identifier_type !== otherType))
      found.other = t(`signin:problem.${otherType}`);
    // A password is optional: without one the account signs in with codes.
    if (password || confirm) {
      const passwordProblems = newPasswordProblems({ next: password, confirm });
      if (passwordProblems.next) found.password = t(`signin:problem.${passwordProblems.next}`);
      if (passwordProblems.confirm) found.confirm = t(`signin:problem.${passwordProblems.confirm}`);
    }
    if (missingConsents(needs.consents, ticked).length > 0) found.consents = t('consent_required');
    setProblems(found);
    const firstProblem = (['first_name', 'last_name', 'other', 'password', 'confirm'] as const).find(
      (field) => found[field],
    );
    if (firstProblem || found.consents) {
      const target = firstProblem
        ? event.currentTarget.querySelector<HTMLElement>(`[name="${firstProblem}"]`)
        : event.currentTarget.querySelector<HTMLElement>('input[type="checkbox"]');
      target?.focus();
      return;
    }
    void run(async () => {
      const captcha = await recaptchaToken(needs.recaptcha, 'signup');
      const email =
        who.identifier_type === 'email'
          ? who.identifier
          : otherRead?.ok
            ? otherRead.value.identifier
            : undefined;
      const phone =
        who.identifier_type === 'phone'
          ? who.identifier
          : otherRead?.ok
            ? otherRead.value.identifier
            : undefined;
      const result = await session.signUp({
        verification_token: token,
        first_name: firstName,
        last_name: lastName,
        ...(email ? { email } : {}),
        ...(phone ? { phone, extension } : {}),
        ...(password ? { password } : {}),
        consents: consentDecisions(needs.consents, ticked),
        ...(captcha ? { recaptcha_token: captcha } : {}),
      });
      if (result.status === 'signed-in') finish();
    });
  };

  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {step.kind === 'identify' ? (
        // Uncontrolled: a method picked or a number typed before the code runs is what the form holds
        // at submit. Which field shows follows the checked radio in CSS, so it works without code too.
        <Form method="post" onSubmit={identify} noValidate className="group/identify flex flex-col gap-4">
          <input type="hidden" name="intent" value="signup-send-code" />
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 font-medium text-sm">{t('by')}</legend>
            {(['phone', 'email'] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="by"
                  value={kind}
                  defaultChecked={(answered?.values.by ?? 'phone') === kind}
                  onChange={() => setProblems({})}
                />
                {t(`by_${kind}`)}
              </label>
            ))}
          </fieldset>
          <div className="grid grid-cols-[5.5rem_1fr] items-start gap-2 group-has-[[name=by][value=email]:checked]/identify:hidden">
            <Input
              label={t('signin:extension')}
              name="extension"
              autoComplete="tel-country-code"
              maxLength={5}
              noSpaces
              defaultValue={answered?.values.extension || DEFAULT_PHONE_EXTENSION}
              error={problems.extension}
            />
            <Input
              label={t('phone')}
              name="phone"
              autoComplete="tel-national"
              inputMode="numeric"
              numericOnly
              maxLength={15}
              defaultValue={answered?.values.phone ?? ''}
              error={problems.phone}
            />
          </div>
          <div className="hidden group-has-[[name=by][value=email]:checked]/identify:block">
            <Input
              label={t('email')}
              name="email"
              type="email"
              autoComplete="email"
              noSpaces
              maxLength={254}
              defaultValue={answered?.values.email ?? ''}
              error={problems.email}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {t('signin:send_code')}
          </Button>
        </Form>
      ) : null}

      {step.kind === 'code' ? (
        <CodeForm
          challenge={step.challenge}
          intent="signup-code"
          notice={
            answered?.step?.kind === 'code' && answered.notice === 'code_resent'
              ? t('signin:code_resent', { destination: answered.step.challenge.masked_destination })
              : undefined
          }
          fields={{
            identifier: step.who.identifier,
            identifier_type: step.who.identifier_type,
            who_extension: step.who.extension ?? '',
          }}
          problem={
            answered?.problems?.otp
              ? t(`signin:problem.${answered.problems.otp}`)
              : answered?.step?.kind === 'code' && 'failure' in answered
                ? failureText(answered.failure ?? null, t('signin:code_failed'), t)
                : answered?.step?.kind === 'code' && 'resendFailure' in answered
                  ? failureText(answered.resendFailure ?? null, t('signin:resend_failed'), t)
                  : undefined
          }
          submitLabel={t('signin:continue')}
          onResend={() => flows.resendCode(step.challenge.otp_reference)}
          onSubmit={async (otp) => {
            const checked = await flows.checkCode({ otp_reference: step.challenge.otp_reference, otp });
            setStep({ kind: 'details', token: checked.verification_token, who: step.who });
          }}
        />
      ) : null}

      {step.kind === 'details' ? (
        // Before the code runs it goes to the route action, which creates the account (the step's state
        // in hidden fields, checked again there); a store that requires reCAPTCHA waits for the code.
        <Form
          method="post"
          onSubmit={submitDetails(step.token, step.who)}
          noValidate
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value="signup-details" />
          <input type="hidden" name="verification_token" value={step.token} />
          <input type="hidden" name="identifier" value={step.who.identifier} />
          <input type="hidden" name="identifier_type" value={step.who.identifier_type} />
          <input type="hidden" name="who_extension" value={step.who.extension ?? ''} />
          {(recaptchaOn && !hydrated) || answered?.needsCode ? (
            <p role="note" className="rounded-md border border-current/30 p-3 text-sm">
              {t('needs_code')}
            </p>
          ) : null}
          <p className="text-sm">{t('verified', { identifier: step.who.identifier })}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={t('first_name')}
              name="first_name"
              autoComplete="given-name"
              maxLength={60}
              defaultValue={typed?.first_name ?? ''}
              error={problems.first_name}
            />
            <Input
              label={t('last_name')}
              name="last_name"
              autoComplete="family-name"
              maxLength={60}
              defaultValue={typed?.last_name ?? ''}
              error={problems.last_name}
            />
          </div>
          <Input
            label={t(step.who.identifier_type === 'phone' ? 'email_optional' : 'phone_optional')}
            name="other"
            type={step.who.identifier_type === 'phone' ? 'email' : 'tel'}
            autoComplete={step.who.identifier_type === 'phone' ? 'email' : 'tel-national'}
            noSpaces
            defaultValue={typed?.other ?? ''}
            error={problems.other}
          />
          <NewPasswordFields
            label={t('password_optional')}
            hint={t('password_hint')}
            names={['password', 'confirm']}
            problems={problems}
          />
          {needs.isLoading ? <Skeleton className="h-16 w-full" /> : null}
          {needs.error ? (
            <ErrorState
              title={t('requirements_failed')}
              retryLabel={t('common:retry')}
              onRetry={needs.reload}
            />
          ) : null}
          {needs.consents.length > 0 ? (
            <fieldset
              className="flex flex-col gap-3"
              aria-describedby={problems.consents ? 'consent-problem' : undefined}
            >
              <legend className="mb-1 font-medium">{t('consents')}</legend>
              {needs.consents.map((consent) => (
                <div key={consent.consent_id} className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    id={`consent-${consent.consent_id}`}
                    aria-describedby={`consent-${consent.consent_id}-text`}
                    className="mt-1"
                    name="consent"
                    value={consent.consent_id}
                    defaultChecked={accepted.has(consent.consent_id)}
                    data-consent-problem={
                      problems.consents && consent.required && !accepted.has(consent.consent_id)
                        ? ''
                        : undefined
                    }
                    aria-invalid={
                      problems.consents && consent.required && !accepted.has(consent.consent_id)
                        ? true
                        : undefined
                    }
                    onChange={(event) => {
                      const next = new Set(accepted);
                      if (event.target.checked) next.add(consent.consent_id);
                      else next.delete(consent.consent_id);
                      setAccepted(next);
                    }}
                  />
                  <div className="text-sm">
                    {/* The label is the title; the server's text (with its links) describes it. */}
                    <label htmlFor={`consent-${consent.consent_id}`} className="font-medium">
                      {consent.title}
                      {consent.required ? ` (${t('required')})` : ''}
                    </label>
                    <div id={`consent-${consent.consent_id}-text`}>
                      <RichText html={consent.description_html} className="opacity-80" />
                    </div>
                  </div>
                </div>
              ))}
              {problems.consents ? (
                <p id="consent-problem" className="text-sm text-red-700">
                  {problems.consents}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <Button type="submit" disabled={busy || needs.isLoading || Boolean(needs.error)}>
            {t('create')}
          </Button>
        </Form>
      ) : null}

      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <AuthLinks
        back={
          step.kind === 'identify'
            ? null
            : { label: t('start_again'), onClick: () => setStep({ kind: 'identify' }) }
        }
        other={{ question: t('have_account'), label: t('signin:title'), href: '/signin' }}
      />
    </div>
  );
}
