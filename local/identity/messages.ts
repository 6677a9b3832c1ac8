/**
 * A local "mail catcher" for the identity service: every confirmation, reset and MFA code and every
 * invitation that cognito-local would deliver is kept in memory and listed at `GET /_local/messages`.
 * cognito-local's own console sender loses messages under load, so tests read codes from here.
 */
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import type { Message } from 'cognito-local/lib/services/messages';

/** One delivered code, as listed by `GET /_local/messages`. */
export interface LocalMessage {
  /** Email address or phone number the code was sent to. */
  destination: string;
  medium: 'EMAIL' | 'SMS';
  /** The code itself (cognito-local's `Message.__code`). */
  code: string;
  /** ISO 8601 time of delivery. */
  at: string;
  /** The email's subject, for a message with a text of its own (an invitation, rules/invitation.ts). */
  subject?: string;
  /** The email's body (HTML), for a message with a text of its own. */
  body?: string;
}

/** Keeps the last {@link MessageInbox.capacity} messages, newest last. */
export class MessageInbox implements MessageSender {
  readonly capacity: number;
  private readonly items: LocalMessage[] = [];
  private readonly onDeliver?: (message: LocalMessage) => void;

  /**
   * @param options.capacity - messages kept before the oldest are dropped (default 500).
   * @param options.onDeliver - called for each message, e.g. to print it for a developer.
   */
  constructor(options: { capacity?: number; onDeliver?: (message: LocalMessage) => void } = {}) {
    this.capacity = options.capacity ?? 500;
    this.onDeliver = options.onDeliver;
  }

  /** A copy of the messages, oldest first. */
  list(): LocalMessage[] {
    return [...this.items];
  }

  clear(): void {
    this.items.length = 0;
  }

  async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: Message): Promise<void> {
    this.record(destination, 'EMAIL', message);
  }

  async sendSms(_ctx: unknown, _user: unknown, destination: string, message: Message): Promise<void> {
    this.record(destination, 'SMS', message);
  }

  private record(destination: string, medium: LocalMessage['medium'], message: Message): void {
    const item: LocalMessage = {
      destination,
      medium,
      code: message.__code ?? '',
      at: new Date().toISOString(),
      ...(message.emailSubject === undefined ? {} : { subject: message.emailSubject }),
      ...(message.emailMessage === undefined ? {} : { body: message.emailMessage }),
    };
    this.items.push(item);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
    this.onDeliver?.(item);
  }
}
