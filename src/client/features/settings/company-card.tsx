import { Trans, useLingui } from "@lingui/react/macro";
import type { Company } from "@shared/company.schema";
import { COMPANY_CURRENCIES } from "@shared/company-currencies";
import { LANGUAGES, type LanguageCode } from "@shared/languages";
import { useId, useMemo } from "react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { SelectField } from "../../components/select-field";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Text } from "../../components/ui/text";
import { TextareaField } from "../../components/ui/textarea-field";
import { weekdayName } from "../../lib/calendar-week";
import { endFromTimeInput, endToTimeInput } from "../../lib/time-input";
import type { SettingsDraft } from "./settings-draft";
import type { SettingsProblemTexts } from "./settings-problems";
import { TimezoneCombobox } from "./timezone-combobox";
import { WorkingDaysField } from "./working-days-field";

const twoColumns = css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" } });
const link = css({ color: "colorPalette.text", colorPalette: "indigo", textDecoration: "underline" });

type CompanyCardProps = {
  company: Company;
  draft: SettingsDraft;
  problems: SettingsProblemTexts;
  zones: readonly string[];
  onChange: (patch: Partial<SettingsDraft>) => void;
  onToggleDay: (day: number) => void;
};

/** Spec 2 "Company information", with the currency and the notification language beyond it. */
export function CompanyCard({ company, draft, problems, zones, onChange, onToggleDay }: CompanyCardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const currencies = useCurrencyOptions(i18n.locale, company.currency);
  const zoneChanged = draft.timezone !== company.settings.timezone;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Company information</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>What your assistant tells callers about your business, and when you are open.</Trans>
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "5" })}>
        <div className={twoColumns}>
          <Field
            label={t`Company name`}
            name="name"
            required
            autoComplete="organization"
            value={draft.name}
            errorText={problems.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
          <PhoneNumber phoneNumber={company.phoneNumber} />
        </div>
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <TimezoneCombobox
            value={draft.timezone}
            zones={zones}
            errorText={problems.timezone}
            onChange={(timezone) => onChange({ timezone })}
          />
          {zoneChanged ? (
            <Text size="sm" muted role="status">
              <Trans>
                Bookings already made keep their moment in time and show in the new timezone. Your weekly
                hours stay the same local times.
              </Trans>
            </Text>
          ) : null}
        </div>
        {company.settings.weeklyHoursSimple ? (
          <>
            <div className={twoColumns}>
              <Field
                label={t`Opening time`}
                name="opensAt"
                type="time"
                required
                value={draft.opensAt}
                errorText={problems.opensAt}
                onChange={(event) => onChange({ opensAt: event.target.value })}
              />
              <Field
                label={t`Closing time`}
                name="closesAt"
                type="time"
                required
                value={endToTimeInput(draft.closesAt)}
                errorText={problems.closesAt}
                onChange={(event) => onChange({ closesAt: endFromTimeInput(event.target.value) })}
              />
            </div>
            <WorkingDaysField
              days={draft.workingDays}
              errorText={problems.workingDays}
              onToggle={onToggleDay}
            />
          </>
        ) : (
          <HoursSummary company={company} locale={i18n.locale} />
        )}
        <TextareaField
          label={t`Greeting`}
          name="greeting"
          rows={2}
          helperText={t`The first words callers hear.`}
          value={draft.greeting}
          errorText={problems.greeting}
          onChange={(event) => onChange({ greeting: event.target.value })}
        />
        <TextareaField
          label={t`Company description prompt`}
          name="prompt"
          rows={4}
          helperText={t`What your assistant should know about your business to answer callers.`}
          value={draft.prompt}
          errorText={problems.prompt}
          onChange={(event) => onChange({ prompt: event.target.value })}
        />
        <div className={twoColumns}>
          <SelectField
            label={t`Currency`}
            value={draft.currency}
            options={currencies}
            errorText={problems.currency}
            onChange={(currency) => onChange({ currency: currency ?? draft.currency })}
          />
          <SelectField<LanguageCode>
            label={t`Language of notifications and assistant`}
            value={draft.language}
            options={LANGUAGES.map(({ code, name }) => ({ value: code, label: name }))}
            errorText={problems.language}
            onChange={(language) => onChange({ language: language ?? draft.language })}
          />
        </div>
      </CardBody>
    </Card>
  );
}

/** Read-only (spec 2): the number the assistant answers, or why there is none yet. */
function PhoneNumber({ phoneNumber }: { phoneNumber: string }) {
  const id = useId();
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <span id={id} className={css({ fontSize: "sm", fontWeight: "medium" })}>
        <Trans>Phone number</Trans>
      </span>
      {phoneNumber ? (
        <output aria-labelledby={id} className={css({ fontVariantNumeric: "tabular-nums", py: "2" })}>
          {phoneNumber}
        </output>
      ) : (
        <Text size="sm" muted aria-labelledby={id} data-no-phone="">
          <Trans>No number yet. It appears here once your voice assistant answers calls on a number.</Trans>
        </Text>
      )}
    </div>
  );
}

/** Hours the simple form cannot show (breaks, different hours per day): summarised, edited on Availability. */
function HoursSummary({ company, locale }: { company: Company; locale: string }) {
  const { workingHours, workingDays } = company.settings;
  const days = [1, 2, 3, 4, 5, 6, 0]
    .filter((day) => workingDays.includes(day))
    .map((day) => weekdayName(locale, day, "short"))
    .join(", ");
  const { start, end } = workingHours;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
      <span className={css({ fontSize: "sm", fontWeight: "medium" })}>
        <Trans>Opening hours</Trans>
      </span>
      <Text size="sm">
        {days ? (
          <Trans>
            {days}, between {start} and {end}
          </Trans>
        ) : (
          <Trans>Closed every day</Trans>
        )}
      </Text>
      <Text size="sm" muted>
        <Trans>
          Your hours differ from day to day or include breaks.{" "}
          <Link href="/availability" className={link}>
            Edit them on the Availability page
          </Link>
          .
        </Trans>
      </Text>
    </div>
  );
}

/** The currencies a business may choose (and the saved one if it is not among them), by code and name. */
function useCurrencyOptions(locale: string, saved: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: "currency" });
    const codes = COMPANY_CURRENCIES.includes(saved) ? COMPANY_CURRENCIES : [saved, ...COMPANY_CURRENCIES];
    return codes.map((code) => ({
      value: code,
      label: `${code} · ${names.of(code) ?? code}`,
    }));
  }, [locale, saved]);
}
