import { familyMailText as t, WEEKDAY_NAMES } from '@storyloom/shared/messages/family-mail';
import type { Weekday } from '@storyloom/shared/schemas/family-mail';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { useFamilyMailSettings, useSaveFamilyMailSettings } from '../api/family-mail.ts';

/**
 * The profile's email settings (issue 20 B): the weekly question's day (none by default: opt-in) and
 * the family digest (on by default: opt-out). The section's id is what the emails' settings link opens.
 */
export function FamilyMailSettings() {
  const id = useId();
  const settings = useFamilyMailSettings();
  const save = useSaveFamilyMailSettings();
  const [day, setDay] = useState<string>('');
  const [digest, setDigest] = useState(true);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setDay(settings.data.weekly_day === null ? '' : String(settings.data.weekly_day));
    setDigest(settings.data.digest);
  }, [settings.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    save.mutate(
      { weekly_day: day === '' ? null : (Number(day) as Weekday), digest },
      { onSuccess: (answer) => setSaved(answer?.message ?? t.settingsSaved) },
    );
  };

  return (
    <section id="email-settings" className="card profile-section" aria-labelledby={`${id}-mail`}>
      <h2 id={`${id}-mail`}>{t.settingsHeading}</h2>
      {settings.isError ? (
        <p className="form-error" role="alert">
          {settings.error.message || t.settingsLoadFailed}
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} aria-labelledby={`${id}-mail`}>
          <div className="field">
            <label htmlFor={`${id}-day`}>{t.weeklyLabel}</label>
            <select
              id={`${id}-day`}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              aria-describedby={`${id}-day-hint`}
              disabled={settings.isPending}
            >
              <option value="">{t.weeklyNone}</option>
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={String(i + 1)}>
                  {name}
                </option>
              ))}
            </select>
            <p id={`${id}-day-hint`} className="field-hint">
              {t.weeklyHelp}
            </p>
          </div>
          <label className="checkbox consent">
            <input
              type="checkbox"
              checked={digest}
              onChange={(e) => setDigest(e.target.checked)}
              disabled={settings.isPending}
            />
            {t.digestLabel}
          </label>
          <FormAlert message={save.error?.message} />
          <div className="button-row">
            <BusyButton className="button button-primary" busy={save.isPending} busyLabel="Saving…">
              Save Email Settings
            </BusyButton>
          </div>
        </form>
      )}
      <FormNotice message={saved} />
    </section>
  );
}
