import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { pricingRulePatchSchema, pricingRuleSchema } from '@shared/schemas/pricing-rules';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminScopeOf, requireAdmin } from '../../http/auth';
import { countyOf } from '../../http/county-site';
import { parseInput } from '../../http/validate';
import { createPricingRule, listPricingRules, updatePricingRule } from '../pricing/rules';

const [activeOnlySchema] = pricingRulePatchSchema.options;

/** A body holding nothing but isActive is the rule's switch. */
const isSwitch = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'isActive' in body;

/** Pricing management (docs/decisions/0004-lead-prices.md). The guard sits on each route so it never reaches routers mounted after this one. */
export function pricingRuleRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/pricing-rules',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await listPricingRules(ctx, adminScopeOf(req)));
    }),
  );

  router.post(
    '/pricing-rules',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res
        .status(201)
        .json(await createPricingRule(ctx, adminScopeOf(req), parseInput(pricingRuleSchema, req.body), countyOf(res)));
    }),
  );

  router.patch(
    '/pricing-rules/:id',
    requireAdmin(ctx, { owns: 'pricingRule' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid pricing rule id');
      // The two shapes of pricingRulePatchSchema, parsed apart so a bad full rule gets field
      // messages rather than the union's single 'Invalid input'.
      const patch = isSwitch(req.body)
        ? parseInput(activeOnlySchema, req.body)
        : parseInput(pricingRuleSchema, req.body);
      res.json(await updatePricingRule(ctx, adminScopeOf(req), id, patch, countyOf(res)));
    }),
  );
  return router;
}
