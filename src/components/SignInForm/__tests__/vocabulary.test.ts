/**
 * The sign-in form speaks in sentence case, in every view: each of Amplify UI's English texts (its public
 * `translations.en`) and each text of ours, as the form shows it through Amplify's i18n, has a capital only
 * where a sentence starts, in abbreviations (TOTP) and in names (Google); but the buttons spec §2.3 names
 * read exactly as it names them.
 */
import { translations } from '@aws-amplify/ui-react';
import { I18n } from 'aws-amplify/utils';
import { SENTENCE_CASE_VOCABULARY, SPEC_LABELS, TITLE_CASE_TEXTS, sentenceCase } from '../vocabulary';

/** The words of `text` that have a capital where sentence case has none. */
function titleCaseWords(text: string): string[] {
  const words = text.split(' ');
  return words.filter((word, index) => {
    const sentenceStart = index === 0 || /[.?!]$/.test(words[index - 1]);
    const letters = word.replace(/[^A-Za-z]/g, '');
    const abbreviation = letters.length > 1 && letters === letters.toUpperCase();
    const capitals = word.split('-').filter((part, at) => /^[A-Z]/.test(part) && !(sentenceStart && at === 0));
    return capitals.length > 0 && !abbreviation && !['Amazon', 'Apple', 'Facebook', 'Google'].includes(word);
  });
}

beforeAll(() => {
  I18n.putVocabulariesForLanguage('en', SENTENCE_CASE_VOCABULARY);
  I18n.setLanguage('en');
});

it("shows every one of Amplify UI's English texts in sentence case, but the labels spec §2.3 names", () => {
  const shown = [...Object.keys(translations.en), ...TITLE_CASE_TEXTS]
    .filter((text) => !SPEC_LABELS.includes(text))
    .map((text) => I18n.get(text));
  expect(shown.filter((text) => titleCaseWords(text).length > 0)).toEqual([]);
});

it('writes the headings and buttons the brief names as sentences', () => {
  expect(I18n.get('Confirm TOTP Code')).toBe('Confirm TOTP code');
  expect(I18n.get('We Sent A Code')).toBe('We sent a code');
  expect(I18n.get('Back to Sign In')).toBe('Back to sign in');
  expect(I18n.get('Multi-Factor Authentication Setup')).toBe('Multi-factor authentication setup');
  expect(I18n.get('Text Message (SMS)')).toBe('Text message (SMS)');
});

it('shows each button label spec §2.3 names exactly as it names it', () => {
  const named = [
    'Change Password',
    'Resend Code',
    'Sign In with Amazon',
    'Sign In with Apple',
    'Sign In with Facebook',
    'Sign In with Google',
    'Sign Up with Amazon',
    'Sign Up with Apple',
    'Sign Up with Facebook',
    'Sign Up with Google',
  ];
  expect(named.map((label) => I18n.get(label))).toEqual(named);
});

it('leaves a sentence after a full stop its capital', () => {
  expect(sentenceCase('Code Sent. To Go On, Enter It')).toBe('Code sent. To go on, enter it');
});
