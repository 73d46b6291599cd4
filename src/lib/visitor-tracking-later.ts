import { lazyModule } from './later/lazy-module';

// Consent mode and analytics load after the first paint: no page needs them to be drawn.
const visitorTracking = lazyModule(() => import(/* background */ './visitor-tracking'));

type VisitorTracking = Awaited<ReturnType<typeof visitorTracking.load>>;

/**
 * Runs a tracking call once consent and analytics have loaded; calls run in the order they were
 * made. A failed load drops the call: tracking is never worth an error on screen.
 */
export function withVisitorTracking(call: (tracking: VisitorTracking) => void): void {
  visitorTracking.load().then(call, () => undefined);
}
