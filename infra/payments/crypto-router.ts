// Wallet top-ups go to the crypto provider chosen in the console when the payment is created (ForumPay once its
// settings are saved, the sandbox otherwise). Every later call about that payment goes to the same provider,
// whatever the console says by then: the choice is recorded before the provider is first asked, so a retry after
// a crash asks the same one.
import type { Database } from '../db/database';
import type { CryptoGateway } from './port';
import { paymentRoutes } from './route-table';

export interface CryptoRouter extends CryptoGateway {
  /** The provider a payment was created with, null when none was. */
  providerOf(paymentId: string): Promise<string | null>;
}

/**
 * Test hook for the crash tests (FANCLUB_FAILPOINT=crypto-provider-paid): the process kills itself for real as soon
 * as a provider says a payment is paid, before anything of it is recorded.
 */
function failpoint(report: { status: string } | null) {
  if (process.env.FANCLUB_FAILPOINT === 'crypto-provider-paid' && report?.status === 'paid') process.kill(process.pid, 'SIGKILL');
}

export async function createCryptoRouter(
  database: Database,
  providers: Record<string, CryptoGateway>,
  /** The provider new payments go to (a key of `providers`). */
  chosen: () => Promise<string>,
): Promise<CryptoRouter> {
  const routes = await paymentRoutes(database, 'crypto_routes', 'crypto', providers);
  const gatewayNamed = routes.named;
  const providerOf = routes.providerOf;
  /** Payments made before this router existed were the sandbox's. */
  const routeOf = async (paymentId: string) => gatewayNamed((await providerOf(paymentId)) ?? 'sandbox');

  return {
    name: 'router',
    providerOf,
    async currencies() {
      return gatewayNamed(await chosen()).currencies();
    },
    async createPayment(request) {
      const provider = await chosen();
      gatewayNamed(provider);
      return gatewayNamed(await routes.pin(request.paymentId, provider)).createPayment(request);
    },
    async startPayment(paymentId, payer) {
      return (await routeOf(paymentId)).startPayment(paymentId, payer);
    },
    async status(paymentId) {
      const report = await (await routeOf(paymentId)).status(paymentId);
      failpoint(report);
      return report;
    },
  };
}
