// Lease proposals and agreement drafts (issue 20), for the two parties of a conversation only (anyone else
// 404, a visitor 401). Thin: parse with the contracts, call the services, answer.
import { Router } from 'express';
import { AGREEMENT_MESSAGES, declineProposalSchema, PROPOSAL_TEXT_FIELDS, proposeTermsSchemaOn } from '#contracts/agreements.schemas';
import { MESSAGING_MESSAGES } from '#contracts/messaging';
import type { AppContext } from '../../app-context';
import { HOUR } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';

import { agreementText, loadAgreementFacts } from './agreement-document';
import { agreementPdf } from './agreement-pdf';
import { listReceivedInquiries, listSentInquiries } from './inquiry-lists';
import { listProposals, proposeTerms, respondToProposal, type ProposalAction } from './proposals.service';
import { idParam } from '../../lib/route-params';

/** Proposals and their answers per user: generous for a negotiation, a wall for a script. */
export const PROPOSAL_LIMIT: RateLimitRule = {
  endpoint: 'user-proposal',
  max: 60,
  windowMs: HOUR,
  message: 'You are changing lease terms very often. Please wait a while and try again.',
};


export function createAgreementsRouter(ctx: AppContext): Router {
  const router = Router();
  const messaging = { db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL, logger: ctx.logger };

  // The dashboard's inquiry lists, each inquiry with the terms its conversation reached.
  router.get('/inquiries/farmer', requireUser, async (req, res) => {
    res.json(await listSentInquiries(ctx.db, currentUser(req).id));
  });

  router.get('/inquiries/owner', requireUser, async (req, res) => {
    res.json(await listReceivedInquiries(ctx.db, currentUser(req).id));
  });

  router.get('/conversations/:id/proposals', requireUser, async (req, res) => {
    const id = idParam(req, MESSAGING_MESSAGES.conversationNotFound);
    res.json(await listProposals(ctx.db, { userId: currentUser(req).id, conversationId: id }));
  });

  router.post(
    '/conversations/:id/proposals',
    requireUser,
    (req, _res, next) => {
      idParam(req, MESSAGING_MESSAGES.conversationNotFound);
      next();
    },
    userRateLimit(ctx, PROPOSAL_LIMIT),
    async (req, res) => {
      const id = idParam(req, MESSAGING_MESSAGES.conversationNotFound);
      // The calendar day (UTC) of the clock: a start date before it is in the past.
      const today = ctx.clock.now().toISOString().slice(0, 10);
      const input = parseInput(proposeTermsSchemaOn(today), stripMarkupFields(req.body ?? {}, PROPOSAL_TEXT_FIELDS));
      const proposal = await proposeTerms(messaging, currentUser(req), id, input);
      res.status(201).location(`/api/proposals/${proposal.id}`).json(proposal);
    },
  );

  for (const action of ['accept', 'decline', 'withdraw'] as const satisfies ProposalAction[]) {
    router.post(
      `/proposals/:id/${action}`,
      requireUser,
      (req, _res, next) => {
        idParam(req, AGREEMENT_MESSAGES.proposalNotFound);
        next();
      },
      userRateLimit(ctx, PROPOSAL_LIMIT),
      async (req, res) => {
        const id = idParam(req, AGREEMENT_MESSAGES.proposalNotFound);
        const reason = action === 'decline' ? parseInput(declineProposalSchema, stripMarkupFields(req.body ?? {}, ['reason'])).reason : null;
        res.json(await respondToProposal(messaging, currentUser(req), id, action, reason));
      },
    );
  }

  router.get('/proposals/:id/agreement.txt', requireUser, async (req, res) => {
    const facts = await loadAgreementFacts(ctx.db, { userId: currentUser(req).id, proposalId: idParam(req, AGREEMENT_MESSAGES.proposalNotFound) });
    res
      .set('Cache-Control', 'private, no-store')
      .type('text/plain; charset=utf-8')
      .attachment(`farmspace-lease-draft-${facts.proposal.reference}.txt`)
      .send(agreementText(facts));
  });

  router.get('/proposals/:id/agreement.pdf', requireUser, async (req, res) => {
    const facts = await loadAgreementFacts(ctx.db, { userId: currentUser(req).id, proposalId: idParam(req, AGREEMENT_MESSAGES.proposalNotFound) });
    const pdf = await agreementPdf(facts);
    res.set('Cache-Control', 'private, no-store').type('application/pdf').attachment(`farmspace-lease-draft-${facts.proposal.reference}.pdf`).send(pdf);
  });

  return router;
}
