import { makeStyles, tokens } from '@fluentui/react-components';

/** The centred card of the public account pages (sign-in, password, MFA enrolment). */
export const useAccountStyles = makeStyles({
  page: { minHeight: '100vh', display: 'grid', placeItems: 'center', backgroundColor: tokens.colorNeutralBackground2 },
  card: {
    width: '380px', maxWidth: 'calc(100vw - 32px)', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
  links: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3 },
});
