// Plan names and order, for telling the user which plan unlocks what.
import type { Plan, PlanId } from './types';

const ORDER: PlanId[] = ['free', 'professional', 'business'];
const NAMES: Record<string, string> = { free: 'Free', professional: 'Professional', business: 'Business' };

export function planName(id: PlanId): string {
  return NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

function rank(id: PlanId): number {
  const index = ORDER.indexOf(id);
  return index < 0 ? ORDER.length : index;
}

/** Whether `plan` may use something that needs `required`. */
export function planReaches(plan: Plan, required: PlanId): boolean {
  return plan.all_label_formats || rank(plan.id) >= rank(required);
}

/** The cheapest plan that has live embeds (the app shows it by name). */
export const EMBED_PLAN: PlanId = 'professional';
