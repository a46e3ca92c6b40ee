/**
 * Seed blog posts for the Sullivan County, PA directory. The content is markdown; rules that
 * vary by municipality are described as such and readers are pointed to the township or county.
 */

export interface SeedBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** At most 160 characters. */
  metaDescription: string;
  /** 3-6 keywords. */
  keywords: string[];
  author: string;
  /** ISO date 'YYYY-MM-DD'. */
  publishedAt: string;
  /** Markdown. */
  content: string;
}

export const seedBlogPosts: SeedBlogPost[] = [
  {
    slug: 'building-a-home-or-camp-in-sullivan-county',
    title: 'Building a Home or Camp in Sullivan County: Permits, Septic, Wells and Frost',
    excerpt:
      'Thinking about building a house or a hunting camp in Sullivan County? Here is what to sort out before the first shovel hits the ground: codes, septic, water, access and frost depth.',
    metaDescription:
      'A practical guide to building a home or camp in Sullivan County, PA: the Uniform Construction Code, septic perc tests, wells, driveways and frost depth.',
    keywords: [
      'Sullivan County building permit',
      'perc test',
      'septic system',
      'Uniform Construction Code',
      'frost depth',
      'hunting camp',
    ],
    author: 'Karen Molyneux',
    publishedAt: '2026-02-10',
    content: `Sullivan County is one of the least populated counties in Pennsylvania, and that is exactly why people want to build here. Wooded lots near Eagles Mere, Loyalsock Creek frontage and quiet ridge-top parcels outside Dushore make wonderful sites for a year-round home or a weekend camp. The rural setting also means you will rely on your own septic system, your own well and often a long gravel driveway, so a little homework up front saves a lot of money later.

## Start with the land, not the floor plan

Before you fall in love with a house plan, find out what the lot can support. Three questions decide most of it:

- **Can the soil take a septic system?** Without public sewer, this is the first gate.
- **Where will the water come from?** Nearly every rural lot here uses a private well.
- **How will you get in and out?** A driveway onto a state road needs a PennDOT highway occupancy permit; onto a township road, check with the township.

Also look for steep slopes, wet areas and floodplain. Land near the Loyalsock, Muncy Creek and their tributaries may fall in a mapped flood zone, and municipalities that take part in the National Flood Insurance Program enforce floodplain rules. Ask the township or the county planning office before you buy.

## Septic: the Sewage Facilities Act and the perc test

Under the **Pennsylvania Sewage Facilities Act (Act 537)**, an on-lot sewage system needs a permit, issued through the municipality's **Sewage Enforcement Officer (SEO)**. The usual sequence is:

1. Hire a septic designer or engineer and contact the SEO for your township.
2. Dig soil probe pits so the SEO can look at soil depth, seasonal high water table and bedrock.
3. Run the **percolation (perc) test** to measure how quickly the soil absorbs water.
4. Have the designer draw the system (conventional, sand mound or other) to fit the results.
5. Apply for the permit, install with an experienced excavator, and schedule the SEO's inspection before backfilling.

Shallow, rocky or slowly draining soils are common in the Endless Mountains, so do not be surprised if the result is an elevated sand mound, which costs noticeably more than an in-ground bed. Many buyers make a land purchase contingent on a passing perc test for exactly this reason.

## Wells

Pennsylvania has no statewide construction standard for private water wells, so quality depends largely on the driller you choose. Ask about casing depth, grouting and a sanitary well cap, and have the water tested for bacteria and common minerals once the well is in. Keep the well a safe distance from the septic system; your designer and SEO will check the setbacks.

## The Uniform Construction Code

New homes in Pennsylvania are built under the **Pennsylvania Uniform Construction Code (UCC)**, which adopts the International Residential Code for one- and two-family dwellings. How it is enforced depends on the municipality: some townships administer it through a third-party inspection agency, and rules for opt-out municipalities differ. Call your township secretary early to learn:

- who issues building permits and who does inspections,
- whether zoning or a land development ordinance applies,
- what drawings and site plans they want with the application.

**Camps deserve a direct question.** Whether a seasonal cabin, a small accessory building or a pole barn needs a permit depends on its size and use, so ask before you build instead of assuming.

## Frost depth and foundations

Footings must sit below the frost line so freeze and thaw cannot heave them. In this part of Pennsylvania, **about 42 inches is typical guidance**, but confirm the required depth with your local code official before you dig. Frost-protected shallow foundations are another option when designed properly. Piers for porches and decks need the same depth as the house footings.

## Building in a rural county

- **Schedule around the season.** Excavators and concrete crews book up early for the dry months.
- **Plan for deliveries.** Long, steep or unpaved driveways may need upgrades before a concrete truck can get up them.
- **Ask about electric service.** Bringing power up a long lane can be a large line item; get a quote from the utility early.

When you are ready to put a team together, [browse local builders, excavators and electricians](/browse) who already know the soils, the roads and the inspectors in Sullivan County.`,
  },
  {
    slug: 'how-to-choose-a-contractor-in-pennsylvania',
    title: 'How to Choose a Contractor in Pennsylvania: Registration, Contracts and Insurance',
    excerpt:
      "Pennsylvania's Home Improvement Consumer Protection Act gives homeowners real protections. Here is how to check a contractor's registration, read the contract and protect your deposit.",
    metaDescription:
      'Check PA Home Improvement Contractor registration, know your contract rights under HICPA, limit deposits and verify insurance before you hire.',
    keywords: [
      'PA home improvement contractor registration',
      'HICPA',
      'hiring a contractor',
      'contractor insurance',
      'Sullivan County contractors',
    ],
    author: 'Dale Hartranft',
    publishedAt: '2026-03-18',
    content: `Hiring the right contractor matters more than any material choice you will make. In a small county where a handful of crews cover a lot of ground, reputation travels fast, but you still need to do your own checking. Pennsylvania law gives homeowners a good framework for it.

## Check the Home Improvement Contractor registration

Under the **Home Improvement Consumer Protection Act (HICPA)**, most contractors who do at least $5,000 of home improvement work a year must register with the **Pennsylvania Attorney General's office**. Registered contractors receive a number that begins with **PA** followed by digits, such as PA012345, and they must put it on contracts, estimates and advertising.

- Look the number up on the Attorney General's website to confirm it is current.
- Make sure the business name on the registration matches the name on your contract.
- Registration is not a license or an endorsement of quality. It means the contractor is on record and carries the insurance the law requires.

New home construction and some trades are handled differently, so ask any contractor who says registration does not apply to them to explain why.

## What the contract must include

HICPA requires a **written contract** for covered home improvement work, signed by both you and the contractor. Among other things it should include:

- the contractor's name, address, phone number and registration number,
- a description of the work and the principal materials,
- the total price,
- approximate start and completion dates,
- the amount of the contractor's liability insurance,
- a notice of your **right to rescind the contract within three business days** after signing.

If the contract is missing these pieces, ask for a revised one before any work begins.

## Deposits: the one-third rule

For contracts over **$1,000**, a contractor generally may not take a deposit of more than **one third of the contract price**, plus the cost of any special-order materials. A reasonable payment schedule ties draws to completed stages, for example:

1. Deposit at signing (no more than one third).
2. A payment when framing, rough-in or tear-off is complete.
3. A payment at substantial completion.
4. A final payment, often 10 percent, after the punch list is finished.

Be wary of anyone asking for cash up front, pressing you to sign the same day, or offering a discount for skipping the paperwork.

## Insurance

Registered contractors must carry liability insurance, but the legal minimum is modest. Ask for a **certificate of insurance sent directly from the agent**, and look for:

- **General liability** coverage, commonly $1 million per occurrence for established firms.
- **Workers' compensation** if the contractor has employees. If an uninsured worker is hurt on your property, you could end up in the middle of the claim.
- **Commercial auto** coverage for trucks and equipment coming up your driveway.

## References and local knowledge

Ask for three recent references for jobs like yours and actually call them. Good questions:

- Did the crew show up when promised, and was the site kept clean?
- How were changes and surprises priced?
- Would you hire them again?

Local experience matters here. A builder who has worked in your township knows the permit office, the inspection agency, the septic officer and which roads are posted during spring thaw. Ask what permits the job needs and who will pull them; a good contractor answers that without hesitation.

## Get more than one bid

Two or three written bids for the same scope are normal. Compare the details, not just the total: allowances, brand names, who handles debris and what happens if the crew finds rot behind the old siding. The lowest number is rarely the cheapest job.

## Use the directory

Every listing on this site shows the contractor's Pennsylvania registration number, insurance summary and service area, and **verified** listings have had their details checked. [Browse contractors in Sullivan County](/browse), and if you run a local business, [submit your business](/submit-business) to be listed.`,
  },
  {
    slug: 'endless-mountains-building-calendar',
    title: 'The Endless Mountains Building Calendar: When to Schedule Each Trade',
    excerpt:
      'Frost, mud season and a short summer shape every construction schedule in Sullivan County. Here is a month-by-month look at when to book excavators, roofers and the inside trades.',
    metaDescription:
      'When to build in Sullivan County, PA: frost, spring mud season, posted roads and short summers, plus when to book excavators, roofers and interior trades.',
    keywords: ['building season', 'mud season', 'frost', 'when to hire a roofer', 'Endless Mountains'],
    author: 'Karen Molyneux',
    publishedAt: '2026-05-05',
    content: `Anyone who has lived through a winter near Laporte knows the building season in the Endless Mountains is shorter than the calendar suggests. Higher elevation, deep frost and a wet spring compress outdoor work into a few busy months. Plan around that rhythm and your project goes smoother, and usually costs less.

## Winter: plan, design and book

From December through February the ground is frozen and many back roads are snow-packed. It is the **best time to plan**:

- Finalize drawings and get bids while contractors have time to sit down with you.
- Apply for permits and septic approvals so paperwork is done before the ground thaws.
- Put deposits down with the excavator and roofer you want. Good crews fill their summer calendars early.

Inside work such as kitchen and bath remodels, basement finishing, flooring and interior painting carries on through winter, and indoor trades may have more openings now than in July.

## Mud season: March and April

When the frost comes out of the ground, everything softens. Expect:

- **Posted roads.** Many township and state roads carry seasonal weight limits during the spring thaw, which can keep concrete trucks, log trucks and loaded dump trucks off your road for weeks. Check with the township or PennDOT before scheduling heavy deliveries.
- **Soft sites.** Driving equipment on saturated ground ruts lawns and driveways and can damage septic areas.
- **Testing windows.** Soil probes for septic design are often done when the seasonal water table is visible, so ask your Sewage Enforcement Officer about timing.

Use this stretch for interior work and for final decisions on materials.

## Late spring: ground breaking

Once roads open and sites dry out, usually sometime in May, the excavators start. Footings go in below frost depth, about 42 inches as typical local guidance, to be confirmed with your code official, and foundations follow. Concrete and masonry crews are in heavy demand from now until the first hard frost.

## Summer: the short, busy season

June through August is when framing, roofing, siding and exterior painting happen. Black flies and afternoon thunderstorms aside, this is the window everyone wants, so **book roofers months ahead**. A roofer who is available next week in July is worth a second look.

## Fall: close in before winter

September and October are beautiful and busy. The goal on a new build or addition is to **get the structure closed in**: roof on, windows and doors installed, and the building wrapped before the snow flies. Exterior paints and stains need temperatures above the manufacturer's minimum, which becomes hard to guarantee by late October.

This is also the time to:

- service furnaces and boilers,
- winterize seasonal camps and blow out water lines,
- clean gutters and check roof flashing before ice dams form.

## A quick reference

| Season | Good for | Watch out for |
| --- | --- | --- |
| Winter (Dec-Feb) | Design, permits, interior remodels | Frozen ground, snow on access roads |
| Mud season (Mar-Apr) | Interior work, material selection | Posted roads, soft sites |
| Late spring (May-Jun) | Excavation, footings, septic installs | Crews booking up fast |
| Summer (Jun-Aug) | Framing, roofing, siding, painting | Storms, long lead times |
| Fall (Sep-Nov) | Closing in, heating service, winterizing | Early frost, cold-weather limits on coatings |

## Putting it together

A typical timeline for a spring or summer project looks like this:

1. **Winter:** choose a contractor, sign a written contract, apply for permits.
2. **Mud season:** order windows, doors and long-lead materials.
3. **May-June:** site work and foundation.
4. **Summer:** framing, roof, rough-ins.
5. **Fall:** close in, then finish the interior over the winter.

Ready to get on someone's schedule? [Browse roofers, excavators and builders](/browse) who work in your part of Sullivan County and reach out before their calendars fill.`,
  },
  {
    slug: 'remodeling-and-addition-budgets-in-rural-sullivan-county',
    title: 'Budgeting a Kitchen, Bath or Addition in Rural Sullivan County',
    excerpt:
      'What do remodels, additions and new homes really cost in Sullivan County? Typical price ranges and timelines, plus the rural factors that push a budget up or down.',
    metaDescription:
      'Typical costs and timelines for remodels, additions, new homes and electrical work in Sullivan County, PA, and the rural factors that move a budget.',
    keywords: [
      'kitchen remodel cost',
      'bathroom remodel',
      'home addition cost',
      'construction budget',
      'Sullivan County PA',
    ],
    author: 'Megan Fenstermacher',
    publishedAt: '2026-08-21',
    content: `Every project starts with the same question: what will this cost? Prices depend on size, finishes and the condition of the house, but building in a rural county adds a few factors of its own. Here are typical ranges local homeowners can use as a starting point, and the things that move the number.

## Typical ranges

These figures are broad planning numbers for Sullivan County and nearby areas, not quotes. Your contractor's written estimate is what counts.

- **Kitchen or bath remodeling:** about **$25,000 to $85,000**, usually **2 to 8 weeks** of on-site work.
- **Home additions:** about **$40,000 to $120,000**, typically **3 to 6 months** from ground breaking to completion.
- **New home construction:** about **$150,000 to $400,000** for the house, over **6 to 12 months**.
- **Electrical work** such as a service upgrade or rewiring part of a home: about **$2,000 to $15,000**, often done in **1 to 3 days**.

A bathroom refresh with new fixtures and tile sits at the low end of the remodeling range; a full kitchen with custom cabinets, stone counters and a relocated wall can pass the top of it.

## Why rural projects cost what they do

### Travel and access

Crews may drive 30 minutes or more each way, and material suppliers deliver from Williamsport, Towanda or farther. Some contractors build travel time or a delivery charge into the price. Long or steep driveways can require smaller delivery trucks or extra handling.

### Older houses

Many homes and camps in the county are decades old. Opening a wall can reveal:

- undersized or ungrounded wiring,
- galvanized or frozen-and-patched plumbing,
- rot around old windows and sills,
- fieldstone foundations that need waterproofing.

**Keep a contingency of 10 to 20 percent** for what you find. Older homes belong at the high end of that range.

### Septic and well limits

An addition that adds a bedroom may require the septic system to be evaluated, because on-lot systems are sized by bedrooms. Check with your township's Sewage Enforcement Officer before you design. A new bathroom can also strain a marginal well or an old water heater.

### Electrical service

Adding a kitchen full of appliances, a heat pump or an EV charger to an older 100-amp service often means a **service upgrade**. Budget for it early; your electrician and the utility will need to coordinate the work.

### Seasonal timing

Exterior work on additions is best started in late spring so the structure is closed in before winter. Interior remodels can run year-round, and winter scheduling is sometimes easier.

## How to build a realistic budget

1. **Define the scope in writing.** List every room, fixture and finish you expect.
2. **Get two or three detailed bids** for the same scope and compare line items, not just totals.
3. **Check the allowances.** A low bid with a $3,000 cabinet allowance for a large kitchen is not a real price.
4. **Add the contingency** and any costs outside the contract: permits, septic evaluation, appliances, temporary housing.
5. **Set a payment schedule** tied to progress. Under Pennsylvania's Home Improvement Consumer Protection Act, deposits on contracts over $1,000 are generally limited to one third of the price, plus special-order materials.

## Where to save and where not to

**Worth spending on:** structure, insulation, moisture control, roofing and the trades hidden inside walls. They are hard to fix later and matter in a cold climate.

**Easy to upgrade later:** light fixtures, hardware, paint colors and some appliances.

Choosing durable, low-maintenance materials such as metal roofing, fiber cement or quality vinyl siding, and tile in wet areas makes sense for seasonal homes that sit empty part of the year.

## Next steps

Bring your list of must-haves to a few local contractors and ask for written estimates. You can [browse remodelers, builders and electricians](/browse) by town and service, compare ratings and reviews, and reach out directly.`,
  },
];
