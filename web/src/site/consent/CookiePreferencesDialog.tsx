import { useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useCookie } from './CookieProvider.tsx';
import type { OptionalCategory } from './preferences.ts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 22px;
`;

const CATEGORIES: readonly { key: OptionalCategory; label: string; description: string }[] = [
  {
    key: 'analytics',
    label: 'Analytics & Performance',
    description: 'Aggregate usage statistics that help us see which pages and features are used.',
  },
  {
    key: 'advertising',
    label: 'Advertising & Personalization',
    description: 'Cookies an advertising partner would use to show and measure relevant ads.',
  },
];

export function CookiePreferencesDialog() {
  const { dialogOpen, closePreferences } = useCookie();
  return (
    <Dialog
      open={dialogOpen}
      title="Manage Cookie Preferences"
      description="Choose which optional cookies we may use. Strictly necessary storage keeps the site working and cannot be switched off."
      onClose={closePreferences}
    >
      <PreferencesForm />
    </Dialog>
  );
}

/** Mounted with the dialog, so each opening starts its draft from what is saved. */
function PreferencesForm() {
  const { preferences, savePreferences, rejectAll } = useCookie();
  const [draft, setDraft] = useState({
    analytics: preferences?.analytics ?? false,
    advertising: preferences?.advertising ?? false,
  });
  return (
    <>
      <Switch
        label="Strictly Necessary"
        description="Remembers your cookie choices and caches the app for offline use. Always on."
        checked
        locked
      />
      {CATEGORIES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={draft[key]}
          onChange={(checked) => setDraft((current) => ({ ...current, [key]: checked }))}
        />
      ))}
      <Actions>
        <Button onClick={() => savePreferences(draft)}>Save &amp; Continue</Button>
        <Button variant="secondary" onClick={rejectAll}>
          Reject All
        </Button>
      </Actions>
    </>
  );
}
