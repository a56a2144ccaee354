// Where pushes may go (issue 38 item 3, docs/decisions/1805): the outbound guard's policy for push endpoints,
// and the check at subscribe time. Production: only the configured browsers' push services, https on 443.
// Elsewhere: any host whose addresses are public, and the machine's loopback only by PUSH_LOCAL_SERVICE (the
// tests' local push service). Either way no internal address, and the push job checks again as it connects.
import { PUSH_TEXTS } from '#contracts/push';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { checkOutbound, OutboundRefused, type OutboundPolicy, type Resolver } from '../../lib/outbound-guard';

export function pushEndpointPolicy(config: Config): OutboundPolicy {
  return config.production
    ? { hosts: config.PUSH_SERVICE_HOSTS, standardHttpsOnly: true, loopback: false }
    : { hosts: null, standardHttpsOnly: false, loopback: config.PUSH_LOCAL_SERVICE };
}

/**
 * 400 with the reason before anything is written when the endpoint may not be pushed to. A name that does not
 * resolve now is taken (a passing DNS failure must not lose a device): the push job resolves and checks it
 * again each time, and connects only to the addresses it checked.
 */
export async function checkPushEndpoint(endpoint: string, policy: OutboundPolicy, resolve?: Resolver): Promise<void> {
  try {
    await checkOutbound(endpoint, policy, resolve);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    if (error.refusal === 'unresolved') return;
    throw AppError.badRequest(`endpoint: ${PUSH_TEXTS.endpointNotPushService}`, { endpoint: PUSH_TEXTS.endpointNotPushService });
  }
}
