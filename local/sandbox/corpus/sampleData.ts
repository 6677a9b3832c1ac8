/**
 * The fixed data the sandbox's corpus is drawn from: clearly fictional publishers, the words titles are made
 * of, domains and their tag trees, the sector tree, PSI labels, the sentences of pages, initiatives, sanctions
 * lists, and the ids the docs' samples name. Data only: ./seed.ts draws the documents from it and
 * ./reference.ts builds the reference data. A change here changes the answers the docs show, which the guides'
 * tests compare (scripts/docs-check).
 */
import type { Doctype, SectorCategory } from './shapes';

/** The ids the docs' samples use (docs/**: `<ApiSample>`), which the corpus must hold. */
export const SAMPLE_IDS = {
  document: '3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77',
  framework: 'nist-csf-2.0',
  control: 'ctl-2f9a',
  sanction: 'uk-ofsi-2025-05-01',
  search: '9b2d7c1e-45f0-4a8e-b1c3-6d2e8f0a1b22',
  summary: '2c4e6a8b-1d3f-4a5b-9c7d-8e0f1a2b3c4d',
  domain: 'consumer-credit',
} as const;

/**
 * Fictional publishers: [id, name, jurisdiction, hierarchy ranking]. Jurisdictions are ISO 3166-2 codes (spec
 * §3.1); `null` for a publisher above country level (European Union bodies, international bodies), which the
 * contract assumes has none. Rankings 1 to 14.
 */
export const PUBLISHERS: [string, string, string | null, number][] = [
  ['albion-parliament', 'Albion Parliament (sample)', 'GB-ENG', 1],
  ['albion-conduct-authority', 'Albion Conduct Authority (sample)', 'GB-ENG', 3],
  ['albion-prudential-board', 'Albion Prudential Board (sample)', 'GB-ENG', 4],
  ['hudson-state-assembly', 'Hudson State Assembly (sample)', 'US-NY', 2],
  ['hudson-financial-services-department', 'Hudson Financial Services Department (sample)', 'US-NY', 5],
  ['federal-markets-commission', 'Federal Markets Commission (sample)', 'US-DC', 3],
  ['union-banking-agency', 'Union Banking Agency (sample)', null, 6],
  ['union-markets-authority', 'Union Markets Authority (sample)', null, 7],
  ['rhine-supervisory-office', 'Rhine Supervisory Office (sample)', 'DE-BY', 8],
  ['seine-prudential-authority', 'Seine Prudential Authority (sample)', 'FR-IDF', 8],
  ['liffey-central-bank', 'Liffey Central Bank (sample)', 'IE-D', 9],
  ['straits-monetary-authority', 'Straits Monetary Authority (sample)', 'SG-01', 10],
  ['harbour-monetary-authority', 'Harbour Monetary Authority (sample)', 'CN-HK', 11],
  ['southern-prudential-authority', 'Southern Prudential Authority (sample)', 'AU-NSW', 12],
  ['lakes-securities-commission', 'Lakes Securities Commission (sample)', 'CA-ON', 13],
  ['island-financial-agency', 'Island Financial Agency (sample)', 'JP-13', 14],
  ['alpine-market-supervisor', 'Alpine Market Supervisor (sample)', 'CH-ZH', 9],
  ['global-standards-committee', 'Global Standards Committee (sample)', null, 2],
];

/** Words titles are made of, so title searches (phrases, OR, exclusions) find some documents and not others. */
export const TOPICS = [
  'capital requirements',
  'liquidity coverage',
  'consumer credit',
  'operational resilience',
  'anti-money laundering',
  'market abuse',
  'climate risk disclosure',
  'payment services',
  'mortgage lending',
  'outsourcing and third parties',
  'deposit protection',
  'crypto-asset custody',
];
/** What each doctype is called in a title (`Consumer credit consultation paper 2021 (sample)`). */
export const KINDS: Record<Doctype, string> = {
  Laws: 'Act',
  'Legislative Codes': 'Code',
  'Rules, Technical Standards and Codes of Practice': 'rules',
  'Codified rulebooks': 'rulebook chapter',
  'Guidance and FAQs': 'guidance and FAQs',
  'Consultations and Calls for Input': 'consultation paper',
  'Consultation Responses Received': 'consultation responses',
  'Corporate Actions, Operations and Reporting': 'annual report',
  'Policies and Decisions': 'policy statement',
  "Regulators' formal evidence and opinions": 'opinion',
  'Speeches and oral evidence': 'speech',
  'Firm-level actions and enforcement': 'final notice',
  'Research and Thematic Reports': 'thematic review',
  'Lists, Forms and Tables': 'reporting form',
  Other: 'notice',
  'International supervisory standards': 'standard',
  'Individual Guidance': 'individual guidance letter',
};

/** Domains and the tag trees of each version (version 1 first). */
export const DOMAIN_TAGS: Record<string, { description: string; versions: string[][] }> = {
  'consumer-credit': {
    description: 'Lending to consumers: affordability, arrears, disclosure (sample).',
    versions: [
      ['affordability', 'arrears', 'disclosure'],
      ['affordability', 'income-verification', 'arrears', 'forbearance', 'disclosure'],
      ['affordability', 'income-verification', 'arrears', 'forbearance', 'disclosure', 'buy-now-pay-later'],
    ],
  },
  prudential: {
    description: 'Capital, liquidity and the soundness of firms (sample).',
    versions: [
      ['capital', 'liquidity'],
      ['capital', 'leverage', 'liquidity', 'large-exposures'],
    ],
  },
  'operational-resilience': {
    description: 'Important business services, impact tolerances and third parties (sample).',
    versions: [['important-business-services', 'impact-tolerance', 'third-party-risk', 'incident-reporting']],
  },
  'financial-crime': {
    description: 'Money laundering, sanctions and fraud (sample).',
    versions: [
      ['customer-due-diligence', 'sanctions-screening'],
      ['customer-due-diligence', 'sanctions-screening', 'transaction-monitoring', 'fraud'],
    ],
  },
};

/** The sector tree documents are classified under (`sector.level_1` … `level_4`). */
export const SECTORS: SectorCategory[] = [
  {
    name: 'Banking',
    children: [
      {
        name: 'Retail banking',
        children: [{ name: 'Mortgages', children: [{ name: 'Buy-to-let' }] }, { name: 'Current accounts' }],
      },
      { name: 'Wholesale banking', children: [{ name: 'Trade finance' }] },
    ],
  },
  {
    name: 'Insurance',
    children: [
      { name: 'Life insurance', children: [{ name: 'Annuities' }] },
      { name: 'General insurance', children: [{ name: 'Motor' }, { name: 'Property' }] },
    ],
  },
  {
    name: 'Investment',
    children: [
      { name: 'Asset management', children: [{ name: 'Funds', children: [{ name: 'Money market funds' }] }] },
      { name: 'Brokerage' },
    ],
  },
  { name: 'Payments', children: [{ name: 'E-money' }, { name: 'Card schemes' }] },
];

/** PSI labels with their descriptions, and the taxonomy paths documents are classified under. */
export const PSI: [string[], string][] = [
  [['Lending', 'Mortgages'], 'Loans secured on residential property (sample).'],
  [['Lending', 'Credit cards'], 'Revolving credit on a card (sample).'],
  [['Lending', 'Buy now pay later'], 'Short-term instalment credit at the point of sale (sample).'],
  [['Deposits', 'Current accounts'], 'Accounts for day-to-day payments (sample).'],
  [['Deposits', 'Savings accounts'], 'Interest-bearing deposit accounts (sample).'],
  [['Investments', 'Funds'], 'Collective investment schemes (sample).'],
  [['Investments', 'Bonds'], 'Debt securities (sample).'],
  [['Insurance', 'Motor insurance'], 'Cover for vehicles (sample).'],
  [['Payments', 'E-money'], 'Electronic money issued against funds received (sample).'],
  [['Crypto-assets', 'Stablecoins'], 'Crypto-assets referencing a fiat currency (sample).'],
];

/** The sentences pages, signposts and actions are made of. */
export const SENTENCES = [
  'Firms must assess whether a customer can repay without significant financial difficulty.',
  'The regulator expects boards to set impact tolerances for each important business service.',
  'Institutions shall hold capital of at least the minimum ratio at all times.',
  'Firms should report material incidents within the time limits set out in this chapter.',
  'A firm must maintain adequate liquidity resources to meet its obligations as they fall due.',
  'Customers in arrears must be treated fairly and offered forbearance where appropriate.',
  'Outsourcing arrangements must not impair the quality of internal control.',
  'Firms must screen customers against the consolidated list of designated persons.',
  'Climate-related risks should be identified, measured and disclosed.',
  'Disclosures must be clear, fair and not misleading.',
  'This sample text is fictional and was generated for the developer sandbox.',
];

/** The initiatives documents belong to (`(sample)` is added to each). */
export const INITIATIVE_NAMES = [
  'Consumer duty programme',
  'Basel reforms implementation',
  'Operational resilience review',
  'Payments modernisation',
  'Crypto-asset regime',
  'Climate disclosure roadmap',
  'Anti-money laundering overhaul',
  'Retail investment strategy',
];

/** The sanctions lists: [list id, title, jurisdiction (its publisher's; `null` for none), publisher id]. */
export const SANCTION_LISTS: [string, string, string | null, string][] = [
  ['uk-ofsi', 'Albion consolidated list of financial sanctions targets (sample)', 'GB-ENG', 'albion-conduct-authority'],
  ['us-fmc', 'Federal designated persons list (sample)', 'US-DC', 'federal-markets-commission'],
  ['eu-uba', 'Union consolidated sanctions list (sample)', null, 'union-banking-agency'],
  ['sg-sma', 'Straits designated individuals and entities (sample)', 'SG-01', 'straits-monetary-authority'],
];
