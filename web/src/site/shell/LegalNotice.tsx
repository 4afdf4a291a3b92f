import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { LEGAL_NOTICE } from '../../../../lib/report/text.ts';
import { Container } from '../../ui/layout.tsx';

const Notice = styled.aside`
  margin-top: 48px;

  & > div > p {
    margin: 0;
    padding: 14px 18px;
    border: 1px solid rgba(255, 180, 84, 0.4);
    border-radius: var(--radius);
    background: rgba(255, 180, 84, 0.06);
    color: #f3d9b4;
    font-size: 0.92rem;
  }
  & a { color: var(--warn); }
`;

/** Shown on every page (docs/product.md, "Legal notice"). */
export function LegalNotice() {
  return (
    <Notice aria-label="Legal notice">
      <Container>
        <p>
          <strong>Legal notice:</strong> {LEGAL_NOTICE} See the <Link to="/terms">Terms of Service</Link>.
        </p>
      </Container>
    </Notice>
  );
}
