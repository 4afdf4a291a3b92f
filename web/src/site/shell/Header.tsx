import { useEffect, useState } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Container } from '../../ui/layout.tsx';
import { Logo } from './Logo.tsx';
import { PRIMARY_NAV, TRUST_BADGES } from './navigation.ts';
import { useStartCorrupting } from './useStartCorrupting.ts';

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 800;
  background: rgba(10, 14, 19, 0.88);
  backdrop-filter: saturate(140%) blur(10px);
  border-bottom: 1px solid var(--border);
`;

const Row = styled(Container)`
  display: flex;
  align-items: center;
  gap: 20px;
  height: var(--header-h);
`;

const DesktopNav = styled.nav`
  display: none;
  margin-right: auto;

  & > ul { display: flex; gap: 4px; margin: 0; padding: 0; list-style: none; }

  @media (min-width: 960px) { display: block; }
`;

const NavItem = styled(RouterNavLink)`
  display: inline-block;
  padding: 8px 10px;
  border-radius: 8px;
  color: var(--muted);
  font-weight: 500;
  font-size: 0.95rem;
  text-decoration: none;
  white-space: nowrap;

  &:hover { color: var(--text); background: var(--surface-2); }
  &[aria-current='page'] { color: var(--text); }
`;

const Badges = styled.ul`
  display: none;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--accent-strong);
    font-size: 0.8rem;
    font-weight: 600;
    white-space: nowrap;
  }

  @media (min-width: 1240px) { display: flex; }
`;

const Spacer = styled.div`
  flex: 1;

  @media (min-width: 960px) { display: none; }
`;

const StartWrap = styled.div`
  display: none;
  white-space: nowrap;

  @media (min-width: 560px) { display: block; }
`;

const MenuToggle = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 1px solid var(--border-strong);
  border-radius: var(--radius);
  background: var(--surface-2);
  color: var(--text);
  cursor: pointer;

  @media (min-width: 960px) { display: none; }
`;

const MobilePanel = styled.nav`
  border-top: 1px solid var(--border);
  background: var(--bg);
  max-height: calc(100vh - var(--header-h));
  overflow-y: auto;

  & ul { margin: 0; padding: 8px 0; list-style: none; }
  & li > a {
    display: block;
    padding: 12px 4px;
    color: var(--text);
    font-weight: 500;
    text-decoration: none;
    border-bottom: 1px solid var(--border);
  }
  & li > a[aria-current='page'] { color: var(--accent); }

  @media (min-width: 960px) { display: none; }
`;

const MobileActions = styled.div`
  padding: 12px 0 20px;

  & > button { width: 100%; }
`;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const startCorrupting = useStartCorrupting();
  const { pathname } = useLocation();

  // A route change by any means (back button, a link in the page) leaves the menu closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path changing is the trigger.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const start = () => {
    closeMenu();
    startCorrupting();
  };

  return (
    <Bar>
      <Row>
        <Logo onNavigate={closeMenu} />
        <DesktopNav aria-label="Main">
          <ul>
            {PRIMARY_NAV.map((link) => (
              <li key={link.to}>
                <NavItem to={link.to} end={link.to === '/'}>
                  {link.label}
                </NavItem>
              </li>
            ))}
          </ul>
        </DesktopNav>
        <Spacer />
        <Badges aria-label="Trust">
          {TRUST_BADGES.map((badge) => (
            <li key={badge}>
              <Icon name="shield" size={16} />
              {badge}
            </li>
          ))}
        </Badges>
        <StartWrap>
          <Button size="sm" onClick={start}>
            Start Corrupting
          </Button>
        </StartWrap>
        <MenuToggle
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'mobile-menu' : undefined}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
        </MenuToggle>
      </Row>
      {menuOpen && (
        <MobilePanel id="mobile-menu" aria-label="Mobile">
          <Container>
            <ul>
              {PRIMARY_NAV.map((link) => (
                <li key={link.to}>
                  <RouterNavLink to={link.to} end={link.to === '/'} onClick={closeMenu}>
                    {link.label}
                  </RouterNavLink>
                </li>
              ))}
            </ul>
            <MobileActions>
              <Button onClick={start}>Start Corrupting</Button>
            </MobileActions>
          </Container>
        </MobilePanel>
      )}
    </Bar>
  );
}
