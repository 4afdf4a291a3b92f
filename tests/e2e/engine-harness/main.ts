// Test-only page: exposes the engine's worker API to Playwright (tests/e2e/engine-api.spec.ts).
import { corrupt, warmUp } from '../../../lib/engine/host/client.ts';

declare global {
  interface Window {
    engine: { corrupt: typeof corrupt; warmUp: typeof warmUp };
  }
}

window.engine = { corrupt, warmUp };
document.body.dataset.ready = 'true';
