// Large employers hiring in India whose names fake job offers borrow most (decision 010, "Brand
// look-alikes"). A website or office e-mail whose registrable domain names one of them, and is not
// one of its official domains, never verifies automatically (server/lib/company-domain.ts).
//
// How a name is matched in a domain's registrable label (`tcs-careers` of tcs-careers.in):
// - `long`: anywhere in the label, hyphens dropped and look-alike digits read as letters
//   (amazon-hiring, amazonhiringindia, amaz0n-jobs, flip-kart). Only for names no honest word
//   contains: a longer word that holds one (amazonia, reliancetraders) is refused too, on purpose:
//   a seeker reads the brand in it. Common misspellings are listed as names of their own
//   (flipcart): a general "one typo away" rule would refuse mahendra for mahindra and delivery
//   for delhivery.
// - `short`: only as a whole part between hyphens or digits (tcs-careers, sbi2024, jobs-lic), or
//   glued to hiring words only (tcscareers, licindia, onlinesbi: see HIRING_WORDS in
//   company-domain.ts). For names that sit inside honest words (itc in "pitch", lic in "public",
//   amul in "samuel", axis in "axis-infotech"): those never match.
//
// To add a brand or a domain: add the employer's own registrable domains (what the Public Suffix
// List makes of them: `amazon.in`, `sbi.co.in`, `onlinesbi.sbi`), checked on the employer's own
// website or careers page, never a domain found in a job post; pick `long` or `short` by the rule
// above; add a case to company-domain.test.ts both ways (its look-alike refused, its own domain
// verifies). Domains under a brand's own top-level domain (`tlds`, closed to everybody else) and
// under vetted Indian suffixes (gov.in, nic.in, mil.in, bank.in, fin.in) need no listing.

export interface EmployerBrand {
  /** How the refusal names the brand, in every language (brand names are written in Latin script). */
  name: string;
  /** Names matched anywhere in the label (see above). */
  long?: string[];
  /** Names matched only as a whole part, or glued to hiring words (see above). */
  short?: string[];
  /** The brand's own registrable domains. */
  domains: string[];
  /** Top-level domains the brand runs for itself (only it registers names under them). */
  tlds?: string[];
}

export const EMPLOYER_BRANDS: readonly EmployerBrand[] = [
  // IT services and consulting
  { name: 'TCS', short: ['tcs'], domains: ['tcs.com', 'tcsion.com'] },
  {
    name: 'Tata',
    // Not anywhere: "tata" sits inside honest words (datatable).
    short: ['tata'],
    long: ['tatamotors', 'tatasteel', 'tatapower', 'tatacapital', 'tataconsultancy'],
    domains: [
      'tata.com',
      'tcs.com', // "Tata Consultancy Services" names Tata, not TCS
      'tcsion.com',
      'tatamotors.com',
      'tatasteel.com',
      'tatapower.com',
      'tatacapital.com',
      'tataaia.com',
      'tataaig.com',
      'tatacommunications.com',
      'tatadigital.com',
      'tataneu.com',
      'tatacliq.com',
      'tataprojects.com',
      'tatachemicals.com',
      'tataconsumer.com',
      'tataelxsi.com',
      'tatatechnologies.com',
      'tata1mg.com',
    ],
  },
  {
    name: 'Infosys',
    long: ['infosys', 'infosis'],
    domains: ['infosys.com', 'infosysbpm.com', 'infosys.org'],
  },
  { name: 'Wipro', long: ['wipro'], domains: ['wipro.com'] },
  {
    name: 'HCLTech',
    short: ['hcl'],
    long: ['hcltech'],
    domains: ['hcltech.com', 'hcl.com', 'hclsoftware.com'],
  },
  { name: 'Tech Mahindra', long: ['techmahindra'], domains: ['techmahindra.com'] },
  {
    name: 'Mahindra',
    long: ['mahindra'],
    domains: ['mahindra.com', 'techmahindra.com', 'mahindrafinance.com', 'clubmahindra.com'],
  },
  { name: 'Cognizant', long: ['cognizant'], domains: ['cognizant.com'] },
  { name: 'Accenture', long: ['accenture'], domains: ['accenture.com'] },
  { name: 'Capgemini', long: ['capgemini'], domains: ['capgemini.com'] },
  { name: 'Deloitte', long: ['deloitte'], domains: ['deloitte.com'] },
  { name: 'IBM', short: ['ibm'], domains: ['ibm.com'], tlds: ['ibm'] },
  { name: 'Genpact', long: ['genpact'], domains: ['genpact.com'] },
  { name: 'LTIMindtree', long: ['ltimindtree'], domains: ['ltimindtree.com'] },

  // E-commerce, payments, delivery and quick commerce
  {
    name: 'Amazon',
    long: ['amazon'],
    short: ['aws'],
    domains: [
      'amazon.in',
      'amazon.com',
      'amazon.jobs',
      'amazon.science',
      'amazon.dev',
      'aboutamazon.in',
      'aboutamazon.com',
      'amazonpay.in',
      'aws.com',
    ],
    tlds: ['amazon'],
  },
  { name: 'Flipkart', long: ['flipkart', 'flipcart'], short: ['ekart'], domains: ['flipkart.com'] },
  { name: 'Myntra', long: ['myntra'], domains: ['myntra.com'] },
  { name: 'Meesho', long: ['meesho'], domains: ['meesho.com'] },
  { name: 'Paytm', long: ['paytm'], domains: ['paytm.com', 'paytmbank.com', 'paytmmoney.com'] },
  { name: 'PhonePe', long: ['phonepe'], domains: ['phonepe.com'] },
  { name: 'Swiggy', long: ['swiggy'], domains: ['swiggy.com', 'swiggy.in'] },
  { name: 'Zomato', long: ['zomato'], domains: ['zomato.com'] },
  { name: 'Blinkit', long: ['blinkit'], domains: ['blinkit.com'] },
  { name: 'Zepto', short: ['zepto'], domains: ['zeptonow.com'] },
  { name: 'BigBasket', long: ['bigbasket'], domains: ['bigbasket.com'] },
  { name: 'Delhivery', long: ['delhivery'], domains: ['delhivery.com'] },
  { name: 'Blue Dart', long: ['bluedart'], domains: ['bluedart.com'] },
  { name: 'Ola', short: ['ola'], domains: ['olacabs.com', 'olaelectric.com'] },
  { name: 'Uber', short: ['uber'], domains: ['uber.com'] },
  { name: 'Urban Company', long: ['urbancompany'], domains: ['urbancompany.com'] },

  // Banks, insurance and finance
  {
    name: 'SBI',
    short: ['sbi'],
    domains: ['sbi.co.in', 'onlinesbi.com', 'sbicard.com', 'sbilife.co.in', 'sbimf.com'],
    tlds: ['sbi'],
  },
  {
    name: 'HDFC',
    long: ['hdfc'],
    domains: [
      'hdfcbank.com',
      'hdfc.com',
      'hdfclife.com',
      'hdfcergo.com',
      'hdfcfund.com',
      'hdfcsec.com',
    ],
    tlds: ['hdfcbank', 'hdfc'],
  },
  {
    name: 'ICICI',
    long: ['icici'],
    domains: [
      'icicibank.com',
      'icicilombard.com',
      'iciciprulife.com',
      'icicidirect.com',
      'icicipruamc.com',
    ],
  },
  // "Axis" alone names many honest firms (axis-infotech): only the bank's full name.
  { name: 'Axis Bank', long: ['axisbank'], domains: ['axisbank.com', 'axismf.com'] },
  { name: 'Kotak', long: ['kotak'], domains: ['kotak.com', 'kotaksecurities.com'] },
  // "Bajaj" alone is a common surname and shop name: only the finance company's names.
  { name: 'Bajaj Finance', long: ['bajajfinserv', 'bajajfinance'], domains: ['bajajfinserv.in'] },
  { name: 'LIC', short: ['lic'], domains: ['licindia.in', 'lichousing.com', 'licmf.com'] },

  // Telecom
  { name: 'Jio', short: ['jio'], domains: ['jio.com', 'jiomart.com', 'ajio.com'], tlds: ['jio'] },
  {
    name: 'Reliance',
    long: ['reliance'],
    domains: ['ril.com', 'relianceretail.com', 'reliancedigital.in', 'reliancefoundation.org'],
    tlds: ['reliance'],
  },
  { name: 'Airtel', long: ['airtel'], domains: ['airtel.in', 'airtel.com'], tlds: ['airtel'] },
  { name: 'Vodafone Idea', long: ['vodafone'], domains: ['myvi.in', 'vodafoneidea.com'] },
  { name: 'BSNL', short: ['bsnl'], domains: ['bsnl.co.in'] },

  // FMCG, consumer goods and manufacturing
  {
    name: 'Hindustan Unilever',
    long: ['unilever'],
    short: ['hul'],
    domains: ['hul.co.in', 'unilever.com'],
  },
  { name: 'ITC', short: ['itc'], domains: ['itcportal.com', 'itchotels.com'] },
  { name: 'Nestlé', long: ['nestle'], domains: ['nestle.in', 'nestle.com'] },
  { name: 'Dabur', long: ['dabur'], domains: ['dabur.com'] },
  { name: 'Britannia', long: ['britannia'], domains: ['britannia.co.in'] },
  { name: 'Amul', short: ['amul'], domains: ['amul.com', 'amul.coop'] },
  { name: 'Godrej', long: ['godrej'], domains: ['godrej.com', 'godrejproperties.com'] },
  { name: 'Asian Paints', long: ['asianpaints'], domains: ['asianpaints.com'] },
  // "Maruti" alone is a common shop name: only the carmaker's full name.
  { name: 'Maruti Suzuki', long: ['marutisuzuki'], domains: ['marutisuzuki.com'] },

  // Government and public sector: their own sites are under gov.in or nic.in (vetted, see above).
  { name: 'Indian Railways', long: ['indianrailway'], short: ['railway', 'rrb'], domains: [] },
  { name: 'IRCTC', long: ['irctc'], domains: ['irctc.co.in', 'irctc.com'] },
  { name: 'India Post', long: ['indiapost'], domains: [] },
  { name: 'DRDO', long: ['drdo'], domains: [] },
  { name: 'ISRO', short: ['isro'], domains: [] },
  { name: 'Indian Army', long: ['indianarmy'], domains: [] },
  { name: 'ONGC', long: ['ongc'], domains: ['ongcindia.com'] },
  { name: 'NTPC', short: ['ntpc'], domains: ['ntpc.co.in'] },
  { name: 'BHEL', short: ['bhel'], domains: ['bhel.com', 'bhel.in'] },
  { name: 'Indian Oil', long: ['indianoil', 'iocl'], domains: ['iocl.com'] },
  { name: 'Coal India', long: ['coalindia'], domains: ['coalindia.in'] },
];
