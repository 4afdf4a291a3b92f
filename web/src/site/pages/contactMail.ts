import type { ContactForm } from '../../content/types.ts';
import { SUPPORT_EMAIL } from '../../constants.ts';

export const CONTACT_CATEGORIES = [
  'Technical Support',
  'Bug Report',
  'Feature Request',
  'General Question',
  'Business Inquiry',
  'Legal/Privacy',
] as const;

/** The category a message is filed under when the sender picks none (the field is optional). */
export const DEFAULT_CONTACT_CATEGORY = 'General Question';

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', subject: '', category: '', message: '' };

/** The mail link the form opens: subject "[category] subject", body with name, email and message. */
export function contactMailto(form: ContactForm, to: string = SUPPORT_EMAIL): string {
  const category = form.category || DEFAULT_CONTACT_CATEGORY;
  const subject = `[${category}] ${form.subject.trim()}`;
  const body = `Name: ${form.name.trim()}\nEmail: ${form.email.trim()}\n\n${form.message}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
