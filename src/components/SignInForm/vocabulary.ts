/**
 * The sign-in form's texts in sentence case, as the rest of the portal writes them ("Confirm TOTP code",
 * "We sent a code"), given to Amplify UI through its public i18n (`I18n.putVocabulariesForLanguage`, Amplify
 * UI docs "Internationalization"): its English texts are its defaults, in title case. The keys are those
 * texts as Amplify UI 6 writes them (its `DefaultTexts` and the form fields' labels and placeholders,
 * `@aws-amplify/ui` helpers/authenticator), every view's. The labels the portal's product spec names
 * (§2.3: "Change Password", "Resend Code", "Sign In with X", "Sign Up with X") keep Amplify's own words.
 */

/** The social providers Amplify UI has buttons for (spec §2.3). */
const SOCIAL_PROVIDERS = ['Amazon', 'Apple', 'Facebook', 'Google'] as const;

/** Labels spec §2.3 names in title case, shown exactly so: Amplify UI's defaults, left as they are. */
export const SPEC_LABELS = [
  'Change Password',
  'Resend Code',
  ...SOCIAL_PROVIDERS.flatMap((provider) => [`Sign In with ${provider}`, `Sign Up with ${provider}`]),
];

/** Amplify UI's texts with a capital inside them, which sentence case changes unless spec §2.3 names them. */
export const TITLE_CASE_TEXTS = [
  'Add your Profile',
  'Add your Website',
  'Authenticator App (TOTP)',
  'Back to Sign In',
  'Change Password',
  'Confirm Email Code',
  'Confirm MFA Code',
  'Confirm Password',
  'Confirm SMS Code',
  'Confirm Sign Up',
  'Confirm TOTP Code',
  'Confirmation Code',
  'Continue without a Passkey',
  'Create a Passkey',
  'Create Account',
  'Create account with Email OTP',
  'Create account with Password',
  'Creating Account',
  'Email Message',
  'Enter your Birthdate',
  'Enter your Confirmation Code',
  'Enter your Email',
  'Enter your Family Name',
  'Enter your Given Name',
  'Enter your Middle Name',
  'Enter your Name',
  'Enter your Nickname',
  'Enter your Password',
  'Enter your Phone Number',
  'Enter your Preferred Username',
  'Enter your Username',
  'Existing Passkeys',
  'Family Name',
  'Forgot Password?',
  'Given Name',
  'Middle Name',
  'Multi-Factor Authentication',
  'Multi-Factor Authentication Setup',
  'New Password',
  'Phone Number',
  'Please confirm your Password',
  'Preferred Username',
  'Resend Code',
  'Reset Password',
  'Reset your Password',
  'Select MFA Type',
  'Send Code',
  'Setup another Passkey',
  'Setup Email',
  'Sign In',
  'Sign In with Amazon',
  'Sign In with Apple',
  'Sign In with Email',
  'Sign In with Facebook',
  'Sign In with Google',
  'Sign In with Passkey',
  'Sign In with Password',
  'Sign In with SMS',
  'Sign in faster with Passkey',
  'Sign Up with Amazon',
  'Sign Up with Apple',
  'Sign Up with Facebook',
  'Sign Up with Google',
  'Text Message (SMS)',
  'Verify Contact',
  'We Emailed You',
  'We Sent A Code',
  'We Texted You',
] as const;

/** Names that keep their capital inside a sentence. */
const PROPER_NAMES = new Set<string>(SOCIAL_PROVIDERS);

/** Whether a word (letters and its punctuation) is an abbreviation in capitals, e.g. `TOTP`, `(SMS)`. */
const isAbbreviation = (word: string) => {
  const letters = word.replace(/[^A-Za-z]/g, '');
  return letters.length > 1 && letters === letters.toUpperCase();
};

/**
 * `text` in sentence case: a capital only at the start of each sentence, and in abbreviations (`SMS`) and
 * names (`Google`). Parts of a hyphenated word count as words ("Multi-Factor" → "Multi-factor").
 */
export function sentenceCase(text: string): string {
  let sentenceStart = true;
  return text
    .split(' ')
    .map((word) => {
      const first = sentenceStart;
      sentenceStart = /[.?!]$/.test(word);
      if (isAbbreviation(word) || PROPER_NAMES.has(word)) return word;
      return word
        .split('-')
        .map((part, index) => (first && index === 0 ? part : part.charAt(0).toLowerCase() + part.slice(1)))
        .join('-');
    })
    .join(' ');
}

/**
 * English texts for `I18n.putVocabulariesForLanguage('en', …)`: each title-case default in sentence case, but
 * for the spec's labels (`SPEC_LABELS`), which keep Amplify's words.
 */
export const SENTENCE_CASE_VOCABULARY: Record<string, string> = Object.fromEntries(
  TITLE_CASE_TEXTS.filter((text) => !SPEC_LABELS.includes(text)).map((text) => [text, sentenceCase(text)]),
);
