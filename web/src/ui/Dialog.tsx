// The modal dialog is Radix's: it moves focus in on open, keeps Tab inside, closes on Escape, the
// close button and a click outside, hides the rest of the page from assistive technology and locks
// scrolling; focus goes back to whatever opened it.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { CloseButton } from './CloseButton.tsx';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: 16px;
  overflow-y: auto;
  background: rgba(3, 6, 9, 0.72);
  backdrop-filter: blur(3px);
`;

const Panel = styled.div`
  position: relative;
  width: min(560px, 100%);
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: 28px;
  background: var(--surface);
  border: 1px solid var(--border-strong);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow);

  & > h2 { font-size: 1.4rem; padding-right: 40px; }
`;

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  description: string;
}

export function Dialog({ open, title, onClose, children, description }: DialogProps) {
  // Radix returns focus to its own Trigger; this dialog is opened from several places (the banner,
  // the footer), so it remembers whichever element had focus when it opened.
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        {/* The panel sits inside the overlay, so a tall dialog scrolls within it on small screens. */}
        <RadixDialog.Overlay asChild>
          <Backdrop>
            <RadixDialog.Content
              asChild
              onOpenAutoFocus={() => {
                opener.current = document.activeElement;
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
              }}
            >
              <Panel>
                <RadixDialog.Title>{title}</RadixDialog.Title>
                <RadixDialog.Description>{description}</RadixDialog.Description>
                <RadixDialog.Close asChild>
                  <CloseButton type="button" aria-label="Close">
                    ×
                  </CloseButton>
                </RadixDialog.Close>
                {children}
              </Panel>
            </RadixDialog.Content>
          </Backdrop>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
