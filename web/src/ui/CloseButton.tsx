// The round × button of dialogs and the cookie banner (its own module: the banner is on every page,
// the dialog loads only when it opens).
import { styled } from 'styled-components';

export const CloseButton = styled.button`
  position: absolute;
  top: 14px;
  right: 14px;
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: 1px solid transparent;
  border-radius: var(--radius);
  background: transparent;
  color: var(--muted);
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;

  &:hover { color: var(--text); border-color: var(--border-strong); }
`;
