// payment_request: the candidate is asked to pay. Genuine employers never charge (decisions.md
// "Scam shield"), so any fee, deposit or "charges" demanded of a candidate counts, and so do UPI
// ids and "send it on GPay". Money flowing the other way (salary by UPI, a joining bonus, "we
// pay ₹20,000 monthly") and statements that there is no fee stay clean.

import type { ShieldRule } from '../engine.ts';
import {
  AMOUNT,
  B,
  BARE_NUMBER,
  DEPOSIT,
  E,
  MONEY,
  PHONE,
  fz,
  near,
  rupees,
  rx,
  w,
} from '../lexicon.ts';

/**
 * What a fee is said to be "for": registration, the kit, the uniform, the offer letter... The
 * words scammers split ("regis tration") are written with fz(), the rest plainly (fz() is slower).
 */
const PURPOSE = [
  fz('registration'),
  fz('registeration'),
  'regn',
  fz('processing'),
  'interview',
  'joining',
  'application',
  'form',
  'file',
  fz('verification'),
  'documents?',
  'medical',
  'test',
  'training',
  'kit',
  'uniform',
  'id ?card',
  'courier',
  'insurance',
  'visa',
  'booking',
  'seat',
  'slot',
  'gate ?pass',
  'exam',
  'onboarding',
  'activation',
  'enrol?ment',
  'offer ?letter',
  'appointment',
  'bgv',
  'background',
  'police',
  'laptop',
  'certificate',
  'placement',
  'consultancy',
  fz('security'),
  'caution',
  'token',
  fz('refundable'),
].join('|');

/** Words for the money itself. */
const FEE = ['fees?', 'charges?', 'amount', 'money', DEPOSIT, 'costs?', fz('payment')].join('|');

/** "uniform and id card charges", "courier + insurance charges", "form bharne ka charge". */
const FEE_PHRASE = String.raw`${B}(?:${PURPOSE})(?:(?:\s?(?:and|&|\+|aur|or|/)\s?|\s)(?:${PURPOSE}))*\s?(?:(?:nikalne|bharne|banane|ke liye)\s)?(?:ka|ki|ke|of)?\s?(?:${MONEY}\s?)?(?:${FEE})${E}`;

/** The same in Hindi: रजिस्ट्रेशन, प्रोसेसिंग, आवेदन, सत्यापन, किट, वर्दी, सिक्योरिटी, टोकन... */
const PURPOSE_HI = [
  fz('रजिस्ट्रेशन'),
  'पंजीकरण',
  'प्रोसेसिंग',
  'आवेदन',
  'फॉर्म',
  'फार्म',
  'सत्यापन',
  'वेरिफिकेशन',
  'मेडिकल',
  'जांच',
  'ट्रेनिंग',
  'प्रशिक्षण',
  'किट',
  'वर्दी',
  'यूनिफॉर्म',
  'आईडी कार्ड',
  'कूरियर',
  'इंटरव्यू',
  'साक्षात्कार',
  'जॉइनिंग',
  'ज्वाइनिंग',
  'सिक्योरिटी',
  'जमानत',
  'टोकन',
  'बुकिंग',
  'परीक्षा',
  'ऑफर लेटर',
  'लैपटॉप',
].join('|');
const FEE_HI = 'फीस|शुल्क|चार्ज|चार्जेस|राशि|अमाउंट|मनी|खर्च|खर्चा|डिपॉजिट';

/** Money going to the candidate: a hit next to these is the employer paying. */
const TO_EMPLOYEE = rx(
  [
    w(
      'salary',
      'salaries',
      'stipend',
      'incentives?',
      'bonus',
      'allowance',
      'reimburs\\w*',
      'payout',
      'cashback',
      'ctc',
      'in hand',
      'tankhwa\\w*',
      'merchants?',
      'soundbox',
      'customers?',
      'billing',
      'counter',
      'receiv\\w*',
    ),
    w('वेतन', 'सैलरी', 'भत्ता', 'भत्ते', 'स्टाइपेंड', 'मर्चेंट', 'ग्राहकों', 'ग्राहक'),
  ].join('|'),
);

/** A sum the candidate is given or covered for: "insurance ₹5 lakh cover", "a 12 lakh package". */
const BENEFIT = rx(
  String.raw`${w('cover\\w*', 'insured', 'sum assured', 'mediclaim', 'package', 'worth', 'benefits?', 'free', 'provided', 'given', 'issued')}|कवर|बीमित`,
);

/** Paying for a meal at work is the candidate's own business: "pay the canteen ₹40 a plate". */
const FOOD = rx(
  String.raw`${w('canteen', 'cafeteria', 'lunch', 'meals?', 'plate', 'tiffin', 'thali', 'tea', 'chai', 'khana')}|कैंटीन|खाना|खाने|थाली`,
);

/** What a "scan to receive" QR code promises. */
const RECEIVED = String.raw`${MONEY}|${w('salary', 'bonus', 'stipend', 'payment', 'money', 'amount', 'cashback', 'refund', 'paise', 'reward', 'prize', 'commission')}`;

/** A pay rate after a sum: "exam coaching ₹800 per hour" is pay, not a price. */
const RATE_AFTER = rx(
  String.raw`^\s?(?:/-\s?)?${w('per (?:hour|class|session|month|day|lecture|visit)', 'an hour', 'a month', 'a day', 'hourly', 'monthly', 'daily')}`,
);

/** Insurance priced in lakhs is the cover, not a premium: "Medical insurance ₹5 lakh". */
const COVER_SIZED = rx(w('insurance', 'medical', 'mediclaim'));

/** Money the employer pays or the candidate gets, said outright: "we pay 50% in advance". */
const WE_PAY = rx(
  w(
    "we (?:will |shall |'ll )?pay",
    "we'll pay",
    'you (?:will )?(?:get|receive)',
    'milega',
    'milenge',
  ),
);

/** "once ₹650 is deposited", "only after the 500 is paid": a job released for money. */
const PAID_PASSIVE = String.raw`${w('is', 'are', 'has been', 'have been', 'gets?', 'get')}\s(?:${w('deposited', 'paid', 'transferred', 'submitted', 'cleared', 'sent', 'credited to us')})`;

/** Payment apps and UPI, also when split: "g-pay", "phone pe", "google pay". */
const CHANNEL = String.raw`(?:g[\s-]?pay|google ?pay|${fz('phonepe')}|phone ?pe|phonepay|${fz('paytm')}|bhim|upi|qr(?: ?code)?|फोनपे|फोन पे|पेटीएम|गूगल ?पे|जी ?पे|यूपीआई|भीम|क्यूआर)`;

/** A UPI id: name@okaxis, 9876543210@ybl. An e-mail address has a dot after the @ part. */
const UPI_ID = String.raw`${B}(?<![@.])[a-z0-9][a-z0-9._-]{1,}@[a-z][a-z0-9]{2,15}(?![a-z0-9@]|[.-][a-z])`;

/** UPI handles (the part after the @), for ids written without the @: "hrdesk at okaxis". */
const UPI_HANDLE = String.raw`(?:ok(?:axis|sbi|hdfcbank|icici)|ybl|ibl|axl|apl|yapl|paytm|pt(?:yes|sbi|axis|hdfc)|upi|waaxis|wahdfcbank|wasbi|waicici|axisbank|sbi|icici|hdfcbank|kotak|freecharge|jupiteraxis|fam|slc|idfcbank|pingpay|barodampay|unionbank|abfspay|ikwik|airtel|jio)`;

/** A UPI id with the @ written out: "hrdesk[at]okaxis", "hrdesk (at) ybl", "hrdesk at okaxis". */
const UPI_ID_SPELLED = String.raw`${B}[a-z0-9][a-z0-9._-]{1,}\s?(?:\[at\]|\(at\)|\{at\}|\sat\s)\s?${UPI_HANDLE}${E}(?!\s?(?:\[dot\]|\(dot\)|\.\s?[a-z]))`;

export const paymentRequest: ShieldRule = {
  code: 'payment_request',
  unless: [
    // Warnings and reports about others: "if anyone asks you for money, report it", "someone
    // called asking me to pay ₹2000, is that you?".
    rx(
      w(
        'if (?:any|some) ?one',
        'agar koi',
        'someone',
        'somebody',
        'asking me to',
        'asked me to',
        'kisi ne',
        'got a call',
      ),
    ),
    rx(String.raw`अगर कोई|कोई भी|किसी ने`),
    // The employer pays: "the company bears the training cost", "kit is sponsored".
    rx(
      w(
        'bears?',
        'borne',
        'paid by (?:the )?(?:company|employer|us)',
        'company pays',
        'sponsored',
        'reimbursed',
        'waived',
        'free of cost',
      ),
    ),
  ],
  // A seeker asking "Kya registration fees lagegi?" is not a demand (a question with an amount
  // in it still counts: "can you pay ₹500 today?").
  skipSentence: [
    rx(
      String.raw`^(?:sir |mam |ma'am |bhai |ji )?(?:kya|is|are|do|does|will|would|should|any|koi|क्या|कोई)${E}[^\d₹]*\?$`,
    ),
  ],
  patterns: {
    en: [
      // "UPI id: hrdesk.jobs@okaxis": a UPI id in a hiring chat is there to be paid into.
      { name: 'upiId', re: rx(UPI_ID), unless: [TO_EMPLOYEE] },
      // "hrdesk[at]okaxis", "upi id hrdesk at okaxis": the same, with the @ spelled out.
      { name: 'upiIdSpelled', re: rx(UPI_ID_SPELLED), unless: [TO_EMPLOYEE] },
      // "Paytm number 9876543210", "Gpay 98xxxxxx21", "9876543210 pe PhonePe": a number to pay.
      {
        name: 'appNumber',
        re: rx(
          String.raw`${CHANNEL}\s?(?:(?:number|no|num|id|नंबर)\.?\s?)?[:\-=]?\s?${PHONE}|${PHONE}\s?(?:pe|par|pr|on|पर)\s?${CHANNEL}`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "registration fee", "uniform and ID card charges", "seat booking amount".
      { name: 'feeForPurpose', re: rx(FEE_PHRASE), unless: [TO_EMPLOYEE] },
      // "a fee of ₹1,299", "charges: ₹850".
      {
        name: 'feeOfAmount',
        re: rx(String.raw`${w('fees?', 'charges?', DEPOSIT)}\s?(?:of|is|are|:|=|-)?\s?${AMOUNT}`),
      },
      // "A nominal fee of 999 will be collected for the uniform": a fee with a bare number, when
      // the sentence says what for or that it is collected ("fee of 500 students" is no price).
      {
        name: 'feeOfNumber',
        re: rx(
          String.raw`${w('fees?', 'charges?', DEPOSIT)}\s?(?:of|is|are|:|=|-)\s?${BARE_NUMBER}`,
        ),
        with: [
          rx(
            String.raw`${B}(?:${PURPOSE})${E}|${w('collect\\w*', 'pay\\w*', 'paid', 'deposit\\w*', 'submit\\w*', 'charged', 'taken', 'payable', 'nominal', 'one[ -]?time', 'only')}`,
          ),
        ],
        unless: [TO_EMPLOYEE],
      },
      // "Registration: 999/- only", "Uniform - ₹500", "Visa processing ₹45,000": a purpose
      // priced like a list item ("Medical insurance ₹5 lakh cover" is a benefit, not a price).
      {
        name: 'purposeAmount',
        re: rx(String.raw`${B}(?:${PURPOSE})\s?(?:${FEE})?\s?[:=\-–]?\s?${AMOUNT}`),
        unless: [TO_EMPLOYEE, BENEFIT],
        check: (m, sentence) =>
          !RATE_AFTER.test(sentence.slice((m.index ?? 0) + m[0].length)) &&
          (!COVER_SIZED.test(m[0]) || rupees(m[0].replace(/^\D+/u, '')) < 50_000),
      },
      // "refundable security deposit", "caution money", "token amount", "security money".
      {
        name: 'deposit',
        re: rx(
          String.raw`${w(fz('refundable'), fz('security'), fz('caution'), 'token')}\s(?:${FEE})${E}`,
        ),
      },
      // "we need an advance of ₹25,000" (visa processing and the like).
      {
        name: 'advanceOf',
        re: rx(String.raw`${w('advance', DEPOSIT)} of ${AMOUNT}`),
        with: [
          rx(w('need', 'needed', 'required', 'pay', 'send', 'transfer', 'deposit\\w*', DEPOSIT)),
        ],
      },
      // "pay ₹499", "pay the interview fee", "pay via UPI" — not "we pay", "pay is better", not
      // "you can pay the canteen ₹40 a plate".
      {
        name: 'payImperative',
        re: rx(
          String.raw`(?<!(?:we|we'll|will|company|employer|they|i|you'll)\s)${B}${fz('pay')}${E}(?!\s(?:is|was|scale|slip|per|hike|band|range|structure|will|and|of|package|day|date|roll|parity|you|us|them|salary|stipend)${E})${near(40)}(?:${MONEY}|${w(FEE)}|${CHANNEL}|${w('now', 'first', 'online', 'before', 'today')})`,
        ),
        unless: [TO_EMPLOYEE, FOOD],
      },
      // "charges ... need to be paid first", "amount to be paid: ₹1,100".
      {
        name: 'toBePaid',
        re: rx(
          String.raw`${w('to be', 'must be', 'needs? to be', 'has to be', 'have to be', 'should be')} ${w('paid', 'deposited', 'transferred')}`,
        ),
        with: [rx(String.raw`${MONEY}|${w(FEE)}|${FEE_PHRASE}`)],
        unless: [TO_EMPLOYEE],
      },
      // "transfer INR 850", "send 1500 on paytm", "deposit ₹3000", "send the money".
      {
        name: 'sendMoney',
        re: rx(
          String.raw`(?<!(?:we|will|company|employer|they|i)\s)${w('transfer', 'send', 'remit', DEPOSIT, 'clear', 'recharge', 'give', 'submit')}\s(?:the\s|an?\s|your\s|us\s|me\s)?(?:pending\s)?(?:${MONEY}|${w(fz('security'), 'money', 'amount', 'fees?', 'charges?', 'dues', fz('payment'), 'paise', 'advance', fz('caution'), 'token')})`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "Recharge your account to start prepaid orders", "wallet me 1000 recharge karo".
      {
        name: 'rechargeWallet',
        re: rx(
          String.raw`${w('recharge')}\s(?:your\s|the\s|my\s)?(?:account|wallet|id)${E}|${w('wallet', 'account')}${near(20)}${w('recharge')}`,
        ),
      },
      // "make a payment of ₹750", "do the payment of 999 rupees".
      {
        name: 'paymentOf',
        re: rx(String.raw`${w(fz('payment'))}\s(?:of\s|:\s?)?${AMOUNT}`),
        with: [
          rx(
            w(
              'make',
              'do',
              'complete',
              'need\\w*',
              'required',
              'kindly',
              'please',
              'pay',
              'send',
              'karo',
              'kar do',
              'karna',
              'compulsory',
              'mandatory',
              'must',
            ),
          ),
        ],
        unless: [TO_EMPLOYEE],
      },
      // "Send on GPay to 98xx", "pay via UPI", "G-Pay to this number only".
      {
        name: 'sendOnApp',
        re: rx(
          String.raw`${w('send', 'pay', 'transfer')}${near(25)}${w('on', 'via', 'through', 'using', 'by', 'to', 'in')}\s(?:the\s|my\s|our\s)?${CHANNEL}|${CHANNEL}\s(?:to|on)\s(?:this|my|the|below)\s(?:number|no|id)`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "The gate pass is made only after 650 rupees is deposited": something withheld until
      // money is paid.
      {
        name: 'afterPaid',
        re: rx(
          String.raw`${w('after', 'once', 'until', 'till', 'unless', 'when', 'as soon as')}\s(?:the\s|your\s|an?\s)?${MONEY}${near(25)}${PAID_PASSIVE}`,
        ),
        unless: [TO_EMPLOYEE, rx(w('claims?', 'expenses?', 'fare', 'dues'))],
      },
      // "half in advance", "50% advance now", "first installment ₹50000", "pay in 3
      // installments": a sum split into parts is a sum asked for.
      {
        name: 'partPayment',
        re: rx(
          String.raw`(?:\d+\s?%|${w('half', 'aadha', 'aadhe', 'balance', 'remaining', 'baaki', 'baki')})\s(?:(?:amount|payment|paisa|paise)\s)?(?:in\s)?${w('advance')}|${w('installments?', 'instalments?', 'kisht\\w*', 'किस्त\\w*', 'किश्त\\w*')}`,
        ),
        with: [rx(String.raw`${MONEY}|${w('pay\\w*', 'advance', 'now', 'today', 'abhi', 'aaj')}`)],
        unless: [TO_EMPLOYEE, WE_PAY],
      },
      // "first installment ₹50000 to our consultant account", "₹2000 in the company account".
      {
        name: 'toOurAccount',
        re: rx(
          String.raw`${MONEY}${near(20)}${w('to', 'in', 'into', 'on')}\s(?:${w('our', 'my', 'this')}\s(?:\w+\s)?|(?:the\s)?${w('company', 'agent', 'agency', 'consultant', 'consultancy', 'office', 'hr')}(?:'s)?\s(?:\w+\s)?)(?:${w('account', 'a/c', 'wallet')})|${MONEY}${near(20)}${w('hamare', 'humare', 'mere', 'company ke', 'agent ke')}\s(?:\w+\s)?(?:${w('account', 'khate', 'khaate')})`,
        ),
        // "₹500 aaya mere account me": money that came, not money asked for.
        unless: [TO_EMPLOYEE, WE_PAY, rx(w('aa gay[ae]', 'aaya', 'aya', 'came', 'mila', 'got'))],
      },
      // "minimum recharge of ₹500", "a small top-up", "the prepaid task of ₹2000": money put in
      // to unlock work.
      {
        name: 'topUp',
        re: rx(
          String.raw`${w('recharge', 'top ?-?up', 'topup')}\s(?:of\s|worth\s|amount\s(?:of\s)?)?${MONEY}|${w('minimum', 'min', 'small', 'first', 'initial')}\s(?:${w('recharge', 'top ?-?up', 'topup', DEPOSIT)})|${w('prepaid', 'pre-paid')}\s(?:tasks?|orders?)\s(?:of|worth|for)\s${MONEY}`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "Scan this QR code to receive your salary": scanning a QR code only ever sends money,
      // never receives it (a UPI PIN asked for is personal_data).
      {
        name: 'scanToReceive',
        re: rx(
          String.raw`(?:${w('scan')}${near(25)}${B}qr|${B}qr${near(15)}${w('scan')})${near(15)}${w('to', 'and', 'for', 'karke', 'kar ke')}\s(?:${w('receive\\w*', 'get', 'claim', 'collect')})${near(25)}(?:${RECEIVED})|${w('to receive', 'to get', 'to claim')}${near(25)}(?:${RECEIVED})${near(20)}${w('scan')}${near(20)}${B}qr`,
        ),
        unless: [
          rx(
            w(
              'merchants?',
              'shop\\w*',
              'dukan\\w*',
              'customers?',
              'soundbox',
              'counter',
              'billing',
            ),
          ),
        ],
      },
      // "Scan the QR code I sent and pay 399".
      {
        name: 'scanQr',
        re: rx(String.raw`${w('scan')}${near(20)}${B}qr|${B}qr${near(10)}${w('scan')}`),
        with: [rx(w('pay', 'payment', 'karo', 'send', 'amount'))],
      },
      // "the work-from-home kit costs 2,100", "courier charges need to be paid".
      {
        name: 'costs',
        re: rx(
          String.raw`${w('kit', 'uniform', 'form', 'id card', 'training', 'course')}${near(15)}${w('costs?')}\s${MONEY}`,
        ),
      },
    ],
    hi: [
      // "रजिस्ट्रेशन फीस", "ट्रेनिंग किट का चार्ज", "सिक्योरिटी मनी", "प्रोसेसिंग शुल्क", "टोकन अमाउंट".
      {
        name: 'feeForPurpose',
        re: rx(String.raw`(?:${PURPOSE_HI})\s?(?:का|की|के)?\s?(?:${MONEY}\s?)?(?:${FEE_HI})`),
      },
      // "जमा राशि 2000 रुपये", "शुल्क ₹999", "300 रुपये शुल्क".
      {
        name: 'feeAmount',
        re: rx(
          String.raw`(?:जमा राशि|फीस|शुल्क|चार्ज)${near(15)}${MONEY}|${MONEY}\s?(?:का|की)?\s?(?:फीस|शुल्क|चार्ज)`,
        ),
      },
      // "1100 रुपये देने होंगे", "499 रुपये का भुगतान करें", "850 रुपये लगेंगे, आज ही भेज दें".
      {
        name: 'amountDemand',
        re: rx(
          String.raw`${MONEY}${near(40)}(?:भेज(?:ें|िए|िये|ो|ना|नी|ने|\sद)|जमा\s?(?:कर|करा|की|करि)|ट्रांसफर\sकर\s?(?:दीजिए|दीजिये|दें|दो|देना|दे\s)|भुगतान|देने\sहोंगे|देना\sहोगा|देनी\sहोगी|देना\sपडेगा|लगेंगे|लगेगा|लगेगी|लगते|भरने\sहोंगे|भरना\sहोगा|फोनपे|पेटीएम|गूगल\s?पे)`,
        ),
        unless: [TO_EMPLOYEE, rx(String.raw`मिल(?:ते|ेंगे|ेगा|ेगी|ता)|कमा`)],
      },
      // "650 रुपये जमा होने के बाद ही गेट पास बनेगा", "क्यूआर स्कैन करके सैलरी पाएं".
      {
        name: 'afterPaid',
        re: rx(
          String.raw`${MONEY}${near(20)}(?:जमा|भुगतान|ट्रांसफर)\s(?:होने|करने)\s(?:के\s)?बाद|(?:क्यूआर|${B}qr)${near(15)}स्कैन${near(25)}(?:पाने|पाएं|पाइए|प्राप्त)`,
        ),
      },
      // "पैसे भेजो तभी ऑफर लेटर मिलेगा".
      {
        name: 'sendMoney',
        re: rx(String.raw`(?:पैसे|पैसा|रकम|रुपये)\s(?:भेज|जमा|दे(?:ने|ना|नी)\s|ट्रांसफर\s?कर)`),
      },
      // "पेमेंट कर दो 500", "500 का पेमेंट करो", "भुगतान कीजिए".
      {
        name: 'paymentKaro',
        re: rx(
          String.raw`(?:पेमेंट|पेमेन्ट|भुगतान)\s(?:कर\s?(?:दो|दें|दीजिए|दीजिये|दे|देना)|करो|करें|करिए|कीजिए|कीजिये|करना\s(?:है|होगा|पडेगा))${E}`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "अभी पेटीएम करें", "इस नंबर पर फोनपे करें", "गूगल पे से भेजिए", "फोनपे पर भेज दीजिए".
      {
        name: 'payOnApp',
        re: rx(String.raw`${CHANNEL}\s(?:पर\s|से\s|में\s)?(?:करें|करो|कर दें|कर दो|कीजिए|कर दीजिए|भेज)`),
        unless: [TO_EMPLOYEE],
      },
    ],
    hinglish: [
      // "registration fees 1500 jama karo", "1k bhejna padega", "medical ke 1500 lagenge".
      {
        name: 'amountDemand',
        re: rx(
          String.raw`${MONEY}${near(30)}${w(
            'jama',
            'bhej\\w*',
            'de do',
            'dedo',
            'dena (?:hoga|padega|hai)',
            'deni (?:hogi|padegi)',
            'dene (?:honge|padenge)',
            'bhar\\w*',
            'lag(?:ega|enge|egi|ta|te|ti)',
            'lgega',
            'daal\\w*',
            'dal do',
            'dalo',
            'transfer kar\\w*',
            'payment kar\\w*',
            'pay kar\\w*',
            'paytm',
            'gpay',
            'phonepe',
            'karwa\\w*',
            'recharge kar\\w*',
          )}`,
        ),
        unless: [TO_EMPLOYEE, rx(w('milte', 'milta', 'milega', 'milenge', 'kamao', 'kama\\w*'))],
      },
      // "paise bhejo", "p a i s e bhejo", "aaj hi kar do payment".
      {
        name: 'sendMoney',
        re: rx(
          String.raw`${w('paise', 'paisa', 'paisay', 'money', 'amount', 'payment', 'fees?', 'charges?')}\s(?:${w('bhej\\w*', 'jama', 'de do', 'dena', 'daal\\w*', 'kar(?:o|do| do| dijiye|na|ni)', 'bharo', 'bharna', '(?:transfer|send) kar(?:o|do| do| dijiye|na|ni)?')})|${w('kar do', 'karo', 'kijiye')} payment`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "gpay kar do is number pe", "Paytm kar dijiye", "paytm pe bhejo".
      {
        name: 'payOnApp',
        re: rx(
          String.raw`${CHANNEL}\s(?:(?:pe|par|se|me)\s)?(?:kar(?:o|do| do| dijiye|ein|na|ke)?|bhej\w*|send|daal\w*)${E}`,
        ),
        unless: [TO_EMPLOYEE],
      },
      // "650 rupaye jama hone ke baad hi gate pass milega", "QR scan karke salary receive karo".
      {
        name: 'afterPaid',
        re: rx(
          String.raw`${MONEY}${near(20)}${w('jama', 'deposit', 'transfer', 'pay', 'payment')}\s(?:hone|karne)\s(?:ke\s)?(?:baad|bad)${E}|${B}qr${near(15)}scan\s(?:karke|karo|kar ke)${near(25)}${w('receive\\w*', 'salary', 'paise', 'milega', 'milenge', 'paao')}`,
        ),
      },
      // "QR scan karke pay karo".
      {
        name: 'payKaro',
        re: rx(String.raw`${w('pay', 'payment')} kar(?:o|do| do| dijiye|na hoga|ein)${E}`),
      },
    ],
  },
};
