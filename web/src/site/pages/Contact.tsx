import { useState, type ChangeEvent, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { ContactForm as ContactFields } from '../../content/types.ts';
import { SUPPORT_EMAIL } from '../../constants.ts';
import { Button } from '../../ui/Button.tsx';
import { Card, Container, Eyebrow, Lead, Section } from '../../ui/layout.tsx';
import { toast } from '../../ui/toast.tsx';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';
import { CONTACT_CATEGORIES, contactMailto, EMPTY_CONTACT_FORM } from './contactMail.ts';

const Layout = styled.div`
  display: grid;
  gap: 32px;
  align-items: start;

  @media (min-width: 900px) { grid-template-columns: 1.5fr 1fr; }
`;

const Form = styled.form`
  display: grid;
  gap: 18px;
  padding: 28px;
  border: 1px solid var(--border);
  border-radius: var(--radius-lg);
  background: var(--surface);

  @media (min-width: 640px) {
    grid-template-columns: 1fr 1fr;
    & > .wide { grid-column: 1 / -1; }
  }
`;

const Field = styled.div`
  display: grid;
  gap: 6px;

  & label { font-weight: 600; }
  & .optional { color: var(--muted); font-weight: 400; }
  & input, & select, & textarea {
    width: 100%;
    min-height: 44px;
    padding: 10px 12px;
    border: 1px solid var(--border-strong);
    border-radius: var(--radius);
    background: var(--bg);
    color: var(--text);
    font: inherit;
  }
  & textarea { resize: vertical; }
  & input:focus-visible, & select:focus-visible, & textarea:focus-visible { border-color: var(--focus); }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

function openMailClientDefault(href: string): void {
  window.location.assign(href);
}

/** The contact form: validated by the browser, sent through the visitor's own mail client. */
export function ContactForm({ openMailClient = openMailClientDefault }: { openMailClient?: (href: string) => void }) {
  const [form, setForm] = useState<ContactFields>(EMPTY_CONTACT_FORM);
  const update =
    (field: keyof ContactFields) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    openMailClient(contactMailto(form));
    // The form keeps what was typed: nothing is sent from here, and a mail app that does not open
    // (or drops a long message from the link) must not cost the visitor their text.
    toast({
      title: 'Opening your email app',
      description: `Send the drafted message to ${SUPPORT_EMAIL}. We reply within 24 hours. Your message stays in this form until you clear it.`,
    });
  }

  return (
    <Form onSubmit={submit} aria-label="Contact form">
      <Field>
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" autoComplete="name" required value={form.name} onChange={update('name')} />
      </Field>
      <Field>
        <label htmlFor="contact-email">Email</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={update('email')}
        />
      </Field>
      <Field className="wide">
        <label htmlFor="contact-subject">Subject</label>
        <input id="contact-subject" name="subject" required value={form.subject} onChange={update('subject')} />
      </Field>
      <Field className="wide">
        <label htmlFor="contact-category">
          Category <span className="optional">(optional)</span>
        </label>
        <select id="contact-category" name="category" value={form.category} onChange={update('category')}>
          <option value="">Choose a category</option>
          {CONTACT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </Field>
      <Field className="wide">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          value={form.message}
          onChange={update('message')}
        />
      </Field>
      <Actions className="wide">
        <Button type="submit" size="lg">
          Send message
        </Button>
        <Button type="button" size="lg" variant="secondary" onClick={() => setForm(EMPTY_CONTACT_FORM)}>
          Clear form
        </Button>
      </Actions>
    </Form>
  );
}

const TITLE = 'Contact Fracture Support';
const DESCRIPTION = `Questions, bug reports or feature requests: write to ${SUPPORT_EMAIL}. We reply within 24 hours, critical bugs within 4 to 6 hours.`;

export function Contact() {
  const path = '/contact';
  return (
    <>
      <Seo
        title={`${TITLE} | Fracture`}
        description={DESCRIPTION}
        keywords={['fracture support', 'contact fracture', 'report a bug', 'feature request']}
        path={path}
        structuredData={[
          webPage('ContactPage', TITLE, DESCRIPTION, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>Contact</Eyebrow>
          <h1>Talk to us</h1>
          <Lead>The form drafts an email in your own mail app; nothing is sent from this page.</Lead>
          <Layout>
            <ContactForm />
            <Card as="aside" aria-labelledby="support-hours">
              <h2 id="support-hours">Support</h2>
              <p>
                Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
              </p>
              <p>We reply within 24 hours. Critical bugs get an answer within 4 to 6 hours.</p>
              <p>Please never attach files you are not allowed to share: a seed, mode and intensity reproduce a run.</p>
            </Card>
          </Layout>
        </Container>
      </Section>
    </>
  );
}
