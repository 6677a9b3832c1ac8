/**
 * "Was this page helpful?" at the end of every doc and API page: yes or no, then an optional comment (at
 * most 1,000 characters). A reader's vote on a page is one; voting again changes it (the server keeps one per
 * reader and page, and this browser remembers it to show it pressed). Sent at once (src/insights/client.ts
 * `send`); what happened is shown and announced in a polite live region (WCAG 2.2 SC 4.1.3). Once the comment
 * is sent, the form gives way to the thanks, and the focus goes back to the reader's vote. Anonymous to
 * everyone: the server keeps the page, the answer and the day, never who gave it (server/insights/record.ts).
 */
import React, { useEffect, useId, useRef, type ReactNode } from 'react';
import { MAX_COMMENT_CHARS, routeOf } from '@site/rules/insights';
import { record } from '@site/src/insights/client';
import { useFeedback, type Vote } from './useFeedback';
import styles from './styles.module.css';

export interface Props {
  /** The page's path (query and fragment are dropped). */
  pathname: string;
  /** Whether the reader has reached the end of the page (./Slot.tsx): recorded once per page view. */
  reached: boolean;
}

export default function PageFeedback({ pathname, reached }: Props): ReactNode {
  const id = useId();
  const route = routeOf(pathname);
  const { vote, comment, setComment, status, sending, commented, choose, submitComment } = useFeedback(route);
  const choices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reached) record({ type: 'read', route });
  }, [reached, route]);
  // The form (and its button, which had the focus) is gone: the focus goes to the reader's vote, not the page.
  useEffect(() => {
    if (commented) choices.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
  }, [commented]);
  return (
    <section className={styles.feedback} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Was this page helpful?
      </h2>
      <div ref={choices} role="group" aria-labelledby={`${id}-title`} className={styles.choices}>
        {(['yes', 'no'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={`button button--sm ${vote === choice ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={vote === choice}
            disabled={sending}
            onClick={() => void choose(choice)}
          >
            {choice === 'yes' ? 'Yes' : 'No'}
          </button>
        ))}
      </div>
      {vote && !commented && (
        <CommentForm
          id={id}
          vote={vote}
          comment={comment}
          setComment={setComment}
          sending={sending}
          submitComment={submitComment}
        />
      )}
      <p id={`${id}-privacy`} className={styles.hint}>
        Anonymous: the writers see the page and your answer, never who gave it.
      </p>
      <p role="status" aria-live="polite" className={styles.status}>
        {status}
      </p>
    </section>
  );
}

/** What {@link CommentForm} shows and does: `id` prefixes its elements' ids, as {@link PageFeedback}'s. */
type CommentFormProps = { id: string; vote: Vote } & Pick<
  ReturnType<typeof useFeedback>,
  'comment' | 'setComment' | 'sending' | 'submitComment'
>;

/** The optional comment after a vote: its question follows the vote, with a count of the characters typed. */
function CommentForm({ id, vote, comment, setComment, sending, submitComment }: CommentFormProps): ReactNode {
  return (
    <form className={styles.comment} onSubmit={(event) => void submitComment(event)}>
      <label htmlFor={`${id}-comment`}>
        {vote === 'yes' ? 'Anything we could add? (optional)' : 'What was missing or wrong? (optional)'}
      </label>
      <textarea
        id={`${id}-comment`}
        rows={3}
        maxLength={MAX_COMMENT_CHARS}
        value={comment}
        aria-describedby={`${id}-count ${id}-privacy`}
        onChange={(event) => setComment(event.target.value)}
      />
      <p id={`${id}-count`} className={styles.hint}>
        {comment.length} of {MAX_COMMENT_CHARS.toLocaleString('en')} characters
      </p>
      <button type="submit" className="button button--sm button--primary" disabled={sending}>
        Send comment
      </button>
    </form>
  );
}
