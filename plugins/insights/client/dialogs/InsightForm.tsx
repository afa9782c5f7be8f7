import type { ReactNode } from 'react';
import { Dropdown, Field, Input, Option, OptionGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PLATFORM_KEYS, PLATFORMS } from '@core/shared/platforms';
import { INSIGHT_MESSAGES } from '../../shared/api';
import { CONFIDENCE_LEVELS, PERMANENCE_LEVELS } from '../../shared/vocabulary';
import type { FormErrors, InsightFormValues } from './model';
import { groupSubcategories, type FormOptions } from './options';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  group: {
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, margin: 0,
    padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export const LEVEL_LABELS: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', permanent: 'Permanent', temporary: 'Temporary' };
export const TYPE_LABELS = { account: 'Account', domain: 'Domain' } as const;

/** The stored value stays choosable when the option lists no longer hold it (imports, repairs). */
const withCurrent = (options: readonly string[], current: string) => (current && !options.includes(current) ? [current, ...options] : options);

interface Props {
  values: InsightFormValues;
  onChange: (next: InsightFormValues) => void;
  errors: FormErrors;
  /** Editing: the type, user id, handle, link and FQDN are read-only. */
  editing: boolean;
  options: FormOptions;
  disabled?: boolean;
}

function GroupErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  const styles = useStyles();
  if (!messages?.length) return null;
  return <div id={id}>{messages.map((m) => <Text block key={m} role="alert" className={styles.error}>{m}</Text>)}</div>;
}

/**
 * The fields of spec part 2 sections 3 and 5: Type; an account's Platform and Account Identification (user id,
 * handle, link, name); a domain's FQDN and Outlet; then what both share. Messages of the shared checks sit beside
 * the field or group they concern.
 */
export function InsightForm({ values, onChange, errors, editing, options, disabled = false }: Props) {
  const styles = useStyles();
  const set = <K extends keyof InsightFormValues>(key: K) => (value: InsightFormValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: 'user_id' | 'screen_name' | 'link' | 'name' | 'fqdn', label: string, readOnly = false, extra: { required?: boolean; hint?: string } = {}) => (
    <Field label={label} required={extra.required} hint={extra.hint} validationMessage={key === 'fqdn' ? errors.fqdn?.join(' ') : undefined}>
      <Input value={values[key]} readOnly={readOnly} disabled={disabled} onChange={(_, d) => set(key)(d.value)} />
    </Field>
  );
  const single = (key: 'country_of_origin' | 'operating_country' | 'state_association' | 'region' | 'role', label: string, choices: readonly string[]) => (
    <Field label={label}>
      <Select value={values[key]} disabled={disabled} onChange={(_, d) => set(key)(d.value)}>
        <option value="">None</option>
        {withCurrent(choices, values[key]).map((c) => <option key={c} value={c}>{c}</option>)}
      </Select>
    </Field>
  );
  const level = (key: 'confidence' | 'permanence', label: string, choices: readonly string[]) => (
    <Field label={label}>
      <Select value={values[key]} disabled={disabled} onChange={(_, d) => set(key)(d.value)}>
        <option value="">None</option>
        {choices.map((c) => <option key={c} value={c}>{LEVEL_LABELS[c] ?? c}</option>)}
      </Select>
    </Field>
  );
  const multi = (key: 'language' | 'subcategory', label: string, children: ReactNode) => (
    <Field label={label}>
      <Dropdown multiselect inlinePopup disabled={disabled} placeholder="None" value={values[key].join(', ')} selectedOptions={values[key]}
        onOptionSelect={(_, d) => set(key)(d.selectedOptions)}>
        {children}
      </Dropdown>
    </Field>
  );
  const shown = (choices: readonly string[], current: string[]) => [...current.filter((c) => !choices.includes(c)), ...choices];

  return (
    <div className={styles.form}>
      <GroupErrors id="insight-form-errors" messages={errors.form} />
      <div className={styles.grid}>
        <Field label="Type" required validationMessage={errors.type?.join(' ')}>
          <Select value={values.type} disabled={disabled || editing} onChange={(_, d) => onChange({ ...values, type: d.value as InsightFormValues['type'] })}>
            <option value="">Select a type</option>
            <option value="account">{TYPE_LABELS.account}</option>
            <option value="domain">{TYPE_LABELS.domain}</option>
          </Select>
        </Field>
        {values.type === 'account' && (
          <Field label="Platform" required validationMessage={errors.platform?.join(' ')}>
            <Select value={values.platform} disabled={disabled} onChange={(_, d) => set('platform')(d.value)}>
              <option value="">Select a platform</option>
              {withCurrent(PLATFORM_KEYS, values.platform).map((k) => <option key={k} value={k}>{PLATFORMS[k as keyof typeof PLATFORMS]?.label ?? k}</option>)}
            </Select>
          </Field>
        )}
      </div>
      {values.type === 'account' && (
        <fieldset className={styles.group} aria-describedby="insight-identification-hint insight-identification-errors">
          <legend>Account Identification</legend>
          <Text id="insight-identification-hint" size={200}>{INSIGHT_MESSAGES.accountHint}</Text>
          <div className={styles.grid}>
            {text('user_id', 'User id', editing)}
            {text('screen_name', 'Handle', editing)}
            {text('link', 'Link', editing)}
            {text('name', 'Name')}
          </div>
          <GroupErrors id="insight-identification-errors" messages={errors.identification} />
        </fieldset>
      )}
      {values.type === 'domain' && (
        <fieldset className={styles.group} aria-describedby="insight-domain-hint insight-domain-errors">
          <legend>Domain</legend>
          <Text id="insight-domain-hint" size={200}>{INSIGHT_MESSAGES.domainHint}</Text>
          <div className={styles.grid}>
            {text('fqdn', 'FQDN', editing, { required: true, hint: 'e.g. news.example.com' })}
            {text('name', 'Outlet')}
          </div>
          <GroupErrors id="insight-domain-errors" messages={errors.domain} />
        </fieldset>
      )}
      {values.type !== '' && (
        <div className={styles.grid}>
          {single('country_of_origin', 'Country of origin', options.country)}
          {single('operating_country', 'Operating country', options.country)}
          {single('state_association', 'State association', options.country)}
          {single('region', 'Region', options.region)}
          {multi('language', 'Language', shown(options.language, values.language).map((l) => <Option key={l} value={l}>{l}</Option>))}
          {multi('subcategory', 'Subcategory', groupSubcategories(shown(options.subcategory, values.subcategory), options.riskMap).map((g) => (
            <OptionGroup key={g.category} label={g.category}>
              {g.options.map((s) => <Option key={s} value={s}>{s}</Option>)}
            </OptionGroup>
          )))}
          {single('role', 'Role', options.role)}
          {level('confidence', 'Confidence', CONFIDENCE_LEVELS)}
          {level('permanence', 'Permanence', PERMANENCE_LEVELS)}
        </div>
      )}
    </div>
  );
}
