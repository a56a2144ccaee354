// The sample lease of "Farm Space Lease Agreement Guide": ONE text, shown, copied and downloaded by the
// article and filled by the agreement draft of accepted lease terms (api/src/modules/agreements). The
// bracketed placeholders are meant to be replaced by the parties; fillLeaseTemplate fills the ones it knows.

export const LEASE_TEMPLATE_FILE_NAME = 'vertical-farming-lease-template.txt';

export const leaseTemplate = `VERTICAL FARMING SPACE LEASE AGREEMENT
(Sample template for discussion only. Not legal advice. Have a licensed attorney in your
jurisdiction review and adapt it before anyone signs.)

This Lease Agreement ("Lease") is made on [DATE] between:

LANDLORD: [LANDLORD NAME], of [LANDLORD ADDRESS] ("Landlord"), and
TENANT:   [TENANT NAME], of [TENANT ADDRESS] ("Tenant").

1. PREMISES
   Landlord leases to Tenant approximately [SQUARE FEET] square feet of [ROOFTOP / BASEMENT /
   WAREHOUSE / GREENHOUSE] space located at [PROPERTY ADDRESS] (the "Premises"), as shown on
   the floor plan attached as Exhibit A, together with shared use of [LOADING DOCK / FREIGHT
   ELEVATOR / PARKING SPACES].
   The Premises as described by Landlord: [PREMISES DESCRIPTION] (ceiling height, water
   supply and drainage, sunlight, climate control).

2. PERMITTED USE
   Tenant may use the Premises for controlled-environment and vertical agriculture, including
   hydroponic, aeroponic and soil-based cultivation, propagation, harvesting, washing, packing
   and cold storage of produce, and related office use. Cultivation of any crop that is unlawful
   under the laws that apply to the Premises is prohibited.
   Growing activities agreed by the parties: [GROWING ACTIVITIES].

3. TERM
   The Lease begins on [START DATE] and continues for [LEASE TERM] (the "Term").
   Renewal: [RENEWAL] (none; or automatic for a further term of the same length unless either
   party gives written notice of non-renewal at least 90 days before the end of the current Term;
   or only by a new written agreement of both parties).

4. RENT
   4.1 Monthly rent is [MONTHLY RENT], payable in advance on the [DAY] day of each month to
       [PAYMENT METHOD / ACCOUNT].
   4.2 Rent increases by [PERCENT]% on each anniversary of the start date.
   4.3 Rent-free fit-out period: [NUMBER] months from the start date.
   4.4 Late payment: a fee of [LATE FEE] applies to rent more than [NUMBER] days overdue.

5. SECURITY DEPOSIT
   Tenant pays a security deposit of [DEPOSIT AMOUNT] (typically two to three months' rent) on
   signing. Landlord returns it, less documented unpaid rent and the cost of repairing damage
   beyond normal wear, within [NUMBER] days after Tenant vacates.

6. UTILITIES
   6.1 Electricity is [SEPARATELY METERED AND PAID BY TENANT / SUB-METERED AND BILLED MONTHLY AT
       COST]. Available electrical capacity: [ELECTRICAL CAPACITY] (amps, volts and phases,
       or kW).
   6.2 Water is [SEPARATELY METERED / SUB-METERED]; Tenant may connect irrigation and
       nutrient systems at [CONNECTION POINT].
   6.3 Tenant may not discharge nutrient solution into drains except as permitted by the local
       wastewater authority.
   6.4 Unless stated otherwise above, utilities are paid by [UTILITIES PAID BY].

7. IMPROVEMENTS AND ALTERATIONS
   7.1 Tenant may install grow racks, lighting, HVAC and dehumidification, irrigation,
       reservoirs and sensors as described in Exhibit B, with Landlord's written consent for any
       structural, roof, electrical-panel or plumbing work, which will not be unreasonably
       withheld.
   7.2 Floor or roof loads may not exceed [FLOOR LOAD] (in pounds per square foot or kilograms
       per square metre) without a structural engineer's written approval.
   7.3 Trade fixtures (racks, lights, pumps, climate equipment) remain Tenant's property and may
       be removed at the end of the Lease. Tenant repairs any damage caused by their removal.

8. MAINTENANCE AND REPAIRS
   8.1 Landlord maintains the roof membrane, structure, building systems up to the Premises and
       common areas.
   8.2 Tenant maintains its equipment and the interior of the Premises in clean, sanitary and
       pest-free condition, and promptly reports leaks or damage.
   8.3 Water damage caused by Tenant's systems is Tenant's responsibility.

9. ACCESS
   9.1 Tenant has access to the Premises [ACCESS HOURS] (for example 24 hours a day, 7 days a
       week), including access for deliveries through [ACCESS ROUTE].
   9.2 Landlord may enter with at least [24/48] hours' notice, or without notice in an
       emergency, and will follow Tenant's biosecurity and food-safety rules while inside.

10. INSURANCE
   10.1 Tenant maintains commercial general liability insurance of at least [INSURANCE AMOUNT]
        per occurrence (commonly $1,000,000 to $2,000,000), naming Landlord as additional insured.
   10.2 Tenant insures its equipment and crops; Landlord insures the building.
   10.3 Each party provides certificates of insurance on signing and on each renewal.

11. COMPLIANCE WITH LAWS
   Tenant obtains and keeps all permits and licences needed for its operation (including
   building, electrical, fire and food-safety registrations). Landlord warrants that the
   Premises may lawfully be used for the Permitted Use under current zoning: [ZONING DISTRICT].

12. INDEMNITY
   Each party indemnifies the other against claims arising from its own negligence or breach of
   this Lease.

13. DEFAULT AND TERMINATION
   13.1 If Tenant fails to pay rent within [NUMBER] days of written notice, or fails to cure any
        other breach within [NUMBER] days of written notice, Landlord may terminate this Lease.
   13.2 Early termination: Tenant may terminate on [NUMBER] months' written notice by paying
        [EARLY TERMINATION FEE].
   13.3 At the end of the Lease Tenant removes its trade fixtures and returns the Premises in the
        condition recorded in the move-in report (Exhibit C), normal wear excepted.

14. ASSIGNMENT AND SUBLETTING
   Tenant may not assign this Lease or sublet the Premises without Landlord's written consent,
   which will not be unreasonably withheld for a buyer of Tenant's farming business.

15. NOTICES
   Notices must be in writing and sent to the addresses above or by e-mail to
   [LANDLORD EMAIL] and [TENANT EMAIL].

16. GOVERNING LAW
   This Lease is governed by the laws of [STATE / PROVINCE / COUNTRY].

17. ENTIRE AGREEMENT
   This Lease and its exhibits are the entire agreement between the parties and may be changed
   only in writing signed by both.

18. SPECIAL CONDITIONS
   [SPECIAL CONDITIONS]

SIGNATURES

Landlord: ______________________________   Date: ____________
          [LANDLORD NAME]

Tenant:   ______________________________   Date: ____________
          [TENANT NAME]

Exhibit A: Floor plan of the Premises
Exhibit B: Tenant's planned improvements and equipment
Exhibit C: Move-in condition report with photos
`;

/**
 * The hints the template gives beside a placeholder, in parentheses ("[ACCESS HOURS] (for example 24 hours a
 * day, 7 days a week)"). They help whoever fills the blank; once a placeholder is filled its hint would
 * contradict the value ("Mon–Sat 6:00–20:00 (for example 24 hours a day…)"), so fillLeaseTemplate drops it.
 */
export const LEASE_HINTS: Readonly<Record<string, string>> = {
  '[PREMISES DESCRIPTION]': 'ceiling height, water supply and drainage, sunlight, climate control',
  '[RENEWAL]':
    'none; or automatic for a further term of the same length unless either party gives written notice of non-renewal at least 90 days before the end of the current Term; or only by a new written agreement of both parties',
  '[DEPOSIT AMOUNT]': "typically two to three months' rent",
  '[ELECTRICAL CAPACITY]': 'amps, volts and phases, or kW',
  '[FLOOR LOAD]': 'in pounds per square foot or kilograms per square metre',
  '[ACCESS HOURS]': 'for example 24 hours a day, 7 days a week',
  '[INSURANCE AMOUNT]': 'commonly $1,000,000 to $2,000,000',
};

/** The hint in the template's text: its words, whatever line breaks and indentation lie between them. */
function hintPattern(hint: string): RegExp {
  const words = hint.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`[ \\t]*\\(${words.join('\\s+')}\\)`);
}

/** A placeholder of the template: the bracketed text, e.g. "[TENANT NAME]". */
/** A placeholder may run over a line break of the template ("[ROOFTOP / BASEMENT /⏎   WAREHOUSE …]"). */
export const LEASE_PLACEHOLDER = /\[([A-Z0-9][A-Z0-9\s/,.'-]*)\]/g;

/** A placeholder's name on one line: "[ROOFTOP / BASEMENT / WAREHOUSE / GREENHOUSE]". */
export function placeholderName(placeholder: string): string {
  return placeholder.replace(/\s+/g, ' ');
}

/** Every distinct placeholder of the template (by name, on one line), in order of first appearance. */
export function leasePlaceholders(template: string = leaseTemplate): string[] {
  return [...new Set([...template.matchAll(LEASE_PLACEHOLDER)].map((m) => placeholderName(m[0])))];
}

/** How a placeholder nobody filled reads in a draft: a blank line to write on, and what goes there. */
export function blankPlaceholder(placeholder: string): string {
  return `__________ (${placeholderName(placeholder).slice(1, -1).toLowerCase()})`;
}

/**
 * The template with the given placeholders replaced by their values (keys by name, brackets included) and
 * the hints of those placeholders dropped; every other placeholder is left visibly blank, its hint kept,
 * for the parties to complete.
 */
export function fillLeaseTemplate(values: Readonly<Record<string, string>>, template: string = leaseTemplate): string {
  let text = template;
  // Hints first, while the template's text around them is as written.
  for (const [placeholder, hint] of Object.entries(LEASE_HINTS)) if (values[placeholder] !== undefined) text = text.replace(hintPattern(hint), '');
  return text.replace(LEASE_PLACEHOLDER, (placeholder) => values[placeholderName(placeholder)] ?? blankPlaceholder(placeholder));
}
