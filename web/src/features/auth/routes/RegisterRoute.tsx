import { USERNAME_MIN } from '@storyloom/shared/constants';
import { accountText, fallback } from '@storyloom/shared/messages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { EmailField } from '#web/components/ui/EmailField.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { NewPasswordFields } from '#web/components/ui/NewPasswordFields.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { paths } from '#web/config/paths.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { rememberReturnPath } from '#web/lib/return-to.ts';
import { useRegisterAccount } from '../api/register-account.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { RegisterSuccess } from '../components/RegisterSuccess.tsx';
import { forgetKeptFields, keptFields, useKeepFields } from '../hooks/use-kept-fields.ts';
import { registerFormSchema } from '../utils/validation.ts';

/** Where the username and email wait while the user reads the terms or the privacy policy (never the passwords). */
const KEPT = 'storyloom.register';
const KEPT_FIELDS = ['username', 'email'] as const;

/** /register (spec sections 2, 4, 5, 8): the form, then 'Check Your Email!' once the server accepts. */
export function RegisterRoute() {
  const [params] = useSearchParams();
  const form = useForm({
    schema: registerFormSchema,
    defaultValues: { username: '', email: '', ...keptFields(KEPT, KEPT_FIELDS), password: '', confirmPassword: '' },
    fallback: fallback.register,
  });
  useKeepFields(KEPT, form.form.control, KEPT_FIELDS);
  const register = useRegisterAccount();
  const [registered, setRegistered] = useState<{ email: string; message: string } | null>(null);
  const submitting = form.busy;

  const onSubmit = form.submit(async ({ username, email, password }) => {
    const answer = await register.mutateAsync({ username, email, password });
    // After the emailed link and the first login, the user goes back where they came from.
    rememberReturnPath(params.get('next'));
    forgetKeptFields(KEPT);
    setRegistered({ email, message: answer?.message || accountText.registered });
  });

  if (registered) return <RegisterSuccess email={registered.email} message={registered.message} />;

  return (
    <AuthCard title="Create Your Account">
      <p className="auth-lead">Start preserving your stories for the people who matter most.</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Username"
          hint={`At least ${USERNAME_MIN} characters: letters, numbers, dots, dashes or underscores.`}
          input={form.inputProps('username')}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <EmailField input={form.inputProps('email')} />
        <NewPasswordFields password={form.inputProps('password')} confirm={form.inputProps('confirmPassword')} />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <BusyButton className="button button-primary button-block" busy={submitting} busyLabel="Creating Account…">
          Create Account
        </BusyButton>
      </form>
      <p className="auth-links">
        Already have an account? <Link to={paths.login.getHref(params.get('next') ?? undefined)}>Log in</Link>
      </p>
    </AuthCard>
  );
}
