import { describe, expect, it } from 'vitest';
import { brandClaimedByName, checkCompanyDomain } from './company-domain.ts';

describe('checkCompanyDomain', () => {
  it.each([
    // [e-mail, website, registrable domain]
    ['hr@zenith.in', 'https://zenith.in', 'zenith.in'],
    ['hr@careers.zenith.in', 'https://www.zenith.in', 'zenith.in'],
    ['hr@zenith.in', 'https://careers.zenith.in/jobs?page=2#top', 'zenith.in'],
    ['hr@zenith.in', 'http://zenith.in', 'zenith.in'],
    ['HR@ZENITH.IN', 'HTTPS://WWW.ZENITH.IN/', 'zenith.in'],
    ['hr@zenith.in.', 'https://www.zenith.in./about', 'zenith.in'],
    ['  hr@zenith.in ', '  https://zenith.in  ', 'zenith.in'],
    ['hr@acme.co.in', 'https://www.acme.co.in:8443/about', 'acme.co.in'],
    ['talent@mail.acme.co.in', 'https://careers.acme.co.in', 'acme.co.in'],
    ['talent@infosys.com', 'https://www.infosys.com', 'infosys.com'],
    ['first.last+jobs@zenith.in', 'https://zenith.in', 'zenith.in'],
    // A service label in front is not a hidden domain, even where it parses as one (.careers, .hr).
    ['hr@zenith.in', 'https://www.careers.zenith.in', 'zenith.in'],
    ['hr@jobs.hr.zenith.in', 'https://zenith.in', 'zenith.in'],
    // Private PSL suffixes: each subdomain is its own registrable domain.
    ['hr@acme.us.com', 'https://acme.us.com', 'acme.us.com'],
    // The provider lists hold public suffixes (com.ar, za.com): companies under them are fine.
    ['hr@acme.com.ar', 'https://acme.com.ar', 'acme.com.ar'],
    ['hr@acme.za.com', 'https://www.acme.za.com', 'acme.za.com'],
    // Not near enough to a provider: short labels and ordinary words.
    ['hr@gml.in', 'https://gml.in', 'gml.in'],
    ['hr@hotel.in', 'https://hotel.in', 'hotel.in'],
    ['hr@cloudnine.in', 'https://cloudnine.in', 'cloudnine.in'],
    ['hr@livemint.com', 'https://www.livemint.com', 'livemint.com'],
  ])('accepts %s with %s', (email, website, domain) => {
    expect(checkCompanyDomain(email, website)).toEqual({ ok: true, domain });
  });

  it.each([
    // [e-mail, website, reason]
    // Different registrable domains.
    ['hr@notzenith.in', 'https://zenith.in', 'mismatch'],
    ['hr@zenith.in', 'https://notzenith.in', 'mismatch'],
    ['hr@acme.co.in', 'https://other.co.in', 'mismatch'],
    ['hr@zenith.com', 'https://zenith.in', 'mismatch'],
    ['hr@acme.us.com', 'https://rival.us.com', 'mismatch'],
    // E-mails without a usable domain.
    ['hr', 'https://zenith.in', 'mismatch'],
    ['hr@', 'https://zenith.in', 'mismatch'],
    ['@zenith.in', 'https://zenith.in', 'mismatch'],
    ['hr@zenith', 'https://zenith.in', 'mismatch'],
    ['hr@co.in', 'https://zenith.in', 'mismatch'],
    ['hr@localhost', 'https://zenith.in', 'mismatch'],
    ['hr@127.0.0.1', 'https://zenith.in', 'mismatch'],
    ['hr@[127.0.0.1]', 'https://zenith.in', 'mismatch'],
    ['hr@zenith..in', 'https://zenith.in', 'mismatch'],
    ['hr@-zenith.in', 'https://zenith.in', 'mismatch'],

    // Free and disposable providers, on either side.
    ['me@gmail.com', 'https://gmail.com', 'freeMail'],
    ['me@gmail.com', 'https://zenith.in', 'freeMail'],
    ['ME@GMAIL.COM', 'https://zenith.in', 'freeMail'],
    ['hr@zenith.in', 'https://mail.yahoo.com', 'freeMail'],
    ['hr@zenith.in', 'https://gmail.com', 'freeMail'],
    ['me@yahoo.co.in', 'https://yahoo.co.in', 'freeMail'],
    ['me@outlook.com', 'https://zenith.in', 'freeMail'],
    ['me@hotmail.com', 'https://zenith.in', 'freeMail'],
    ['me@proton.me', 'https://zenith.in', 'freeMail'],
    ['me@rediffmail.com', 'https://zenith.in', 'freeMail'],
    ['me@rediff.com', 'https://rediff.com', 'freeMail'],
    ['me@zohomail.in', 'https://zenith.in', 'freeMail'],
    ['me@mailinator.com', 'https://zenith.in', 'freeMail'],
    ['me@yopmail.com', 'https://yopmail.com', 'freeMail'],
    // wildcard.json: every subdomain of 33mail.com is disposable.
    ['me@zenith.33mail.com', 'https://zenith.33mail.com', 'freeMail'],
    // A typo domain that is itself listed is freeMail, not lookalike.
    ['me@gmial.com', 'https://gmial.com', 'freeMail'],
    // Free mailboxes the lists lacked, alias and relay services, shared tenants (session 20).
    ['hr@duck.com', 'https://duck.com', 'freeMail'],
    ['hr@fastmail.com', 'https://fastmail.com', 'freeMail'],
    ['hr@hotmail.co.in', 'https://hotmail.co.in', 'freeMail'],
    ['hr@live.in', 'https://live.in', 'freeMail'],
    ['hr@tuta.io', 'https://tuta.io', 'freeMail'],
    ['hr@x.addy.io', 'https://x.addy.io', 'freeMail'],
    ['hr@abc.mozmail.com', 'https://mozmail.com', 'freeMail'],
    ['hr@passmail.net', 'https://passmail.net', 'freeMail'],
    ['hr@slmail.me', 'https://slmail.me', 'freeMail'],
    ['x@privaterelay.appleid.com', 'https://appleid.com', 'freeMail'],
    ['hr@acme.onmicrosoft.com', 'https://evil.onmicrosoft.com', 'freeMail'],

    // Look-alikes: a registrable domain hidden in front of the real one.
    ['hr@attacker.in', 'https://infosys.com.attacker.in', 'lookalike'],
    ['hr@infosys.com.attacker.in', 'https://infosys.com.attacker.in', 'lookalike'],
    ['hr@infosys.com.attacker.in', 'https://attacker.in', 'lookalike'],
    ['hr@zenith.in.evil.in', 'https://zenith.in', 'lookalike'],
    ['hr@attacker.in', 'https://careers.infosys.co.in.attacker.in', 'lookalike'],
    // Punycode and non-ASCII hosts.
    ['hr@xn--zenth-xva.in', 'https://xn--zenth-xva.in', 'lookalike'],
    ['hr@zenïth.in', 'https://zenith.in', 'lookalike'],
    ['hr@zenith.in', 'https://zenïth.in', 'lookalike'],
    ['hr@mail.xn--80ak6aa92e.com', 'https://xn--80ak6aa92e.com', 'lookalike'],
    // Typo-squats of the big providers (one or two edits).
    ['hr@gmai1.com', 'https://gmai1.com', 'lookalike'],
    ['hr@gmial.in', 'https://gmial.in', 'lookalike'],
    ['hr@g-mail.com', 'https://g-mail.com', 'lookalike'],
    ['hr@yah00.com', 'https://yah00.com', 'lookalike'],
    ['hr@outlok.com', 'https://outlok.com', 'lookalike'],
    ['hr@hotmial.co.in', 'https://www.hotmial.co.in', 'lookalike'],
    ['hr@rediffmial.com', 'https://rediffmial.com', 'lookalike'],
    ['hr@protonmai1.com', 'https://protonmai1.com', 'lookalike'],
    ['hr@iclowd.com', 'https://iclowd.com', 'lookalike'],
    ['hr@gmail.in', 'https://gmail.in', 'lookalike'],
    ['hr@zenith.in', 'https://gmai1.com', 'lookalike'],

    // Websites that cannot identify a company.
    ['hr@zenith.in', 'zenith.in', 'invalidWebsite'],
    ['hr@zenith.in', 'www.zenith.in', 'invalidWebsite'],
    ['hr@zenith.in', 'ftp://zenith.in', 'invalidWebsite'],
    ['hr@zenith.in', 'javascript:alert(1)', 'invalidWebsite'],
    ['hr@zenith.in', 'https://127.0.0.1', 'invalidWebsite'],
    ['hr@zenith.in', 'http://0x7f.1', 'invalidWebsite'],
    ['hr@zenith.in', 'http://[::1]:8080', 'invalidWebsite'],
    ['hr@zenith.in', 'https://localhost:3000', 'invalidWebsite'],
    ['hr@zenith.in', 'https://co.in', 'invalidWebsite'],
    ['hr@zenith.in', 'https://com', 'invalidWebsite'],
    ['hr@zenith.in', 'https://zenith.local', 'invalidWebsite'],
    ['hr@zenith.in', 'https://user:secret@zenith.in', 'invalidWebsite'],
    ['hr@zenith.in', 'https://zenith.in@evil.in', 'invalidWebsite'],
    ['hr@zenith.in', '', 'invalidWebsite'],
    // The website is judged first.
    ['me@gmail.com', 'https://co.in', 'invalidWebsite'],
  ] as const)('refuses %s with %s: %s', (email, website, reason) => {
    expect(checkCompanyDomain(email, website)).toEqual({ ok: false, reason });
  });
});

describe('brand look-alikes (employer-brands.ts)', () => {
  const both = (domain: string) => checkCompanyDomain(`hr@${domain}`, `https://www.${domain}`);

  it.each([
    // [domain, brand] — what fake offers register.
    ['tcs-careers.in', 'TCS'],
    ['tcscareers.in', 'TCS'],
    ['careers-tcs.com', 'TCS'],
    ['tcs2024jobs.in', 'TCS'],
    ['mytcs.in', 'TCS'],
    ['tata-motors-careers.in', 'Tata'],
    ['tatamotors-jobs.in', 'Tata'],
    ['amazonhiringindia.com', 'Amazon'],
    ['amazon-jobs.co.in', 'Amazon'],
    ['amaz0n-careers.in', 'Amazon'],
    ['hiring-amazon.in', 'Amazon'],
    ['aws-careers.in', 'Amazon'],
    ['flipkart-hiring.in', 'Flipkart'],
    ['flip-kart.in', 'Flipkart'],
    ['flipcart.co.in', 'Flipkart'],
    ['f1ipkartjobs.com', 'Flipkart'],
    ['ekart-delivery-jobs.in', 'Flipkart'],
    ['infosys-recruitment.in', 'Infosys'],
    ['infosisjobs.com', 'Infosys'],
    ['wiprojobs.in', 'Wipro'],
    ['hcl-jobs.in', 'HCLTech'],
    ['accenture-india.co.in', 'Accenture'],
    ['cognizantcareers.in', 'Cognizant'],
    ['hdfcbank-jobs.in', 'HDFC'],
    ['icici-recruitment.com', 'ICICI'],
    ['axisbank-careers.in', 'Axis Bank'],
    ['bajajfinserv-loans.in', 'Bajaj Finance'],
    ['onlinesbi-jobs.in', 'SBI'],
    ['sbi2024.in', 'SBI'],
    ['sbicareers.in', 'SBI'],
    ['lic-agent-ravi.in', 'LIC'],
    ['jobs-lic.in', 'LIC'],
    ['licindiajobs.in', 'LIC'],
    ['reliance-jobs.in', 'Reliance'],
    ['jio-recruitment.in', 'Jio'],
    ['airtel-hiring.in', 'Airtel'],
    ['swiggy-delivery-partner.in', 'Swiggy'],
    ['zomatojobs.in', 'Zomato'],
    ['blinkit-riders.in', 'Blinkit'],
    ['zepto-jobs.in', 'Zepto'],
    ['zeptocareers.in', 'Zepto'],
    ['delhivery-jobs.in', 'Delhivery'],
    ['itc-careers.in', 'ITC'],
    ['hul-hr.in', 'Hindustan Unilever'],
    ['railwayjobs.in', 'Indian Railways'],
    ['rrb-apply.in', 'Indian Railways'],
    ['indianrailway-recruitment.com', 'Indian Railways'],
    ['irctc-jobs.in', 'IRCTC'],
    ['indiapostgds.in', 'India Post'],
    ['drdo-recruitment.in', 'DRDO'],
    ['isro-careers.in', 'ISRO'],
    // A longer word holding a long brand is refused on purpose: a seeker reads the brand in it.
    ['amazonia.in', 'Amazon'],
    ['reliancetraders.in', 'Reliance'],
  ])('refuses %s, naming %s', (domain, brand) => {
    expect(both(domain)).toEqual({ ok: false, reason: 'brand', brand });
  });

  it.each([
    // Only one side needs to carry the name: the website, or the e-mail.
    ['hr@zenith.in', 'https://amazon-hiring.in', 'Amazon'],
    ['hr@tcs-careers.in', 'https://www.zenith.in', 'TCS'],
    // The brand's own website does not lend its name to another e-mail domain.
    ['hr@amazon-careers.in', 'https://www.amazon.in', 'Amazon'],
  ])('refuses %s with %s, naming %s', (email, website, brand) => {
    expect(checkCompanyDomain(email, website)).toEqual({ ok: false, reason: 'brand', brand });
  });

  it.each([
    // The brands' own domains and their subdomains verify.
    ['tcs.com', 'tcs.com'],
    ['tcsion.com', 'tcsion.com'],
    ['amazon.in', 'amazon.in'],
    ['amazon.com', 'amazon.com'],
    ['amazon.jobs', 'amazon.jobs'],
    ['careers.amazon.jobs', 'amazon.jobs'],
    ['aws.amazon.com', 'amazon.com'],
    ['flipkart.com', 'flipkart.com'],
    ['infosys.com', 'infosys.com'],
    ['techmahindra.com', 'techmahindra.com'],
    ['tata1mg.com', 'tata1mg.com'],
    ['tatamotors.com', 'tatamotors.com'],
    ['sbi.co.in', 'sbi.co.in'],
    ['licindia.in', 'licindia.in'],
    ['hdfcbank.com', 'hdfcbank.com'],
    ['irctc.co.in', 'irctc.co.in'],
    ['olacabs.com', 'olacabs.com'],
    ['itcportal.com', 'itcportal.com'],
    // Their own top-level domains, and vetted suffixes (government, banks under bank.in).
    ['onlinesbi.sbi', 'onlinesbi.sbi'],
    ['bank.sbi', 'bank.sbi'],
    ['rrbapply.gov.in', 'rrbapply.gov.in'],
    ['indiapostgdsonline.gov.in', 'indiapostgdsonline.gov.in'],
    ['isro.gov.in', 'isro.gov.in'],
    ['joinindianarmy.nic.in', 'joinindianarmy.nic.in'],
    ['sbi.bank.in', 'sbi.bank.in'],
    // Honest names: short brands inside words, near-words, and words a brand is not in.
    ['amazingtools.in', 'amazingtools.in'],
    ['pitchwork.in', 'pitchwork.in'],
    ['public-works.in', 'public-works.in'],
    ['samuel-traders.in', 'samuel-traders.in'],
    ['bhelpuri.in', 'bhelpuri.in'],
    ['datatable.io', 'datatable.io'],
    ['tcsolutions.in', 'tcsolutions.in'],
    ['ubertech.in', 'ubertech.in'],
    ['axis-infotech.in', 'axis-infotech.in'],
    ['maruti-traders.in', 'maruti-traders.in'],
    ['bajaj-electricals-dealer.in', 'bajaj-electricals-dealer.in'],
    ['mahendra-logistics.in', 'mahendra-logistics.in'],
    ['fastdelivery.in', 'fastdelivery.in'],
    ['awsome.in', 'awsome.in'],
    ['kaveri-logistics.in', 'kaveri-logistics.in'],
  ])('verifies %s', (domain, verified) => {
    expect(both(domain)).toEqual({ ok: true, domain: verified });
  });

  it('checks the brand only after the other rules: a free-mail or look-alike reason comes first', () => {
    expect(checkCompanyDomain('hr@gmail.com', 'https://amazon-hiring.in')).toEqual({
      ok: false,
      reason: 'freeMail',
    });
    expect(checkCompanyDomain('hr@attacker.in', 'https://amazon.in.attacker.in')).toEqual({
      ok: false,
      reason: 'lookalike',
    });
  });
});

describe('brandClaimedByName: a company name next to the verified mark', () => {
  it.each([
    // [company name, verified domain, brand]
    ['Amazon India Pvt Ltd', 'zenith.in', 'Amazon'],
    ['AMAZON', 'zenith.in', 'Amazon'],
    ['Amaz0n Hiring', 'zenith.in', 'Amazon'],
    ['Flip Kart Careers', 'zenith.in', 'Flipkart'],
    ['TCS', 'zenith.in', 'TCS'],
    ['TCS Careers', 'zenith.in', 'TCS'],
    ['Tata Motors Recruitment', 'zenith.in', 'Tata'],
    ['LIC Agency Ravi', 'zenith.in', 'LIC'],
    ['SBI Jobs Portal', 'zenith.in', 'SBI'],
    ['Infosys Limited', 'zenith.in', 'Infosys'],
    ['Nestlé India', 'zenith.in', 'Nestlé'],
    ['Indian Railways Recruitment Cell', 'zenith.in', 'Indian Railways'],
    ['Swiggy Delivery Partner Hiring', 'kaveri-logistics.in', 'Swiggy'],
    // Another brand's own domain does not lend its name.
    ['Flipkart', 'amazon.in', 'Flipkart'],
  ])('%s on %s claims %s', (name, domain, brand) => {
    expect(brandClaimedByName(name, domain)).toBe(brand);
  });

  it.each([
    // The brand's own domains, any of the named brands', and vetted suffixes.
    ['Amazon Development Centre India', 'amazon.in'],
    ['Amazon Web Services', 'amazon.com'],
    ['Tata Consultancy Services', 'tcs.com'],
    ['Tech Mahindra', 'techmahindra.com'],
    ['Reliance Jio Infocomm', 'jio.com'],
    ['HDFC Bank', 'hdfc.bank.in'],
    ['State Bank of India (SBI)', 'onlinesbi.sbi'],
    ['Indian Railways', 'rrbapply.gov.in'],
    // Names that claim nobody.
    ['Zenith Foods Pvt Ltd', 'zenith.in'],
    ['Axis Infotech', 'axis-infotech.in'],
    ['Public Works Ltd', 'publicworks.in'],
    ['Samuel Traders', 'samuel.in'],
    ['Bajaj Electricals Dealer', 'zenith.in'],
    ['Maruti Traders', 'zenith.in'],
    ['Mahendra Logistics', 'zenith.in'],
    ['GAIL (India) Limited', 'gail.co.in'],
    ['Datatable Labs', 'datatable.io'],
    ['Pitch Perfect Events', 'zenith.in'],
  ])('%s on %s claims nobody', (name, domain) => {
    expect(brandClaimedByName(name, domain)).toBeNull();
  });
});
