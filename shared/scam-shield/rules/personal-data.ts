// personal_data: asking in the chat for an OTP (the code that hands over an account), photos or
// numbers of Aadhaar and PAN, bank account and IFSC, card number, CVV, PIN or passwords. The
// same documents asked for in person ("bring your original Aadhaar on joining day", "fill your
// bank details in the HR form at the office") and warnings ("never share your OTP") stay clean.

import type { ShieldRule } from '../engine.ts';
import { B, E, near, rx, w } from '../lexicon.ts';

/**
 * Asking for something to be sent, told or uploaded here, in any of the three languages (people
 * mix them: "aadhaar ki photo send karo").
 */
const ASK = rx(
  [
    // English
    w(
      'send',
      'share',
      'give',
      'provide',
      'forward',
      'tell',
      'upload',
      'submit',
      'whatsapp',
      'need',
      'required',
      'here',
      'in (?:the |this )?chat',
      'on (?:this )?chat',
      "what(?:'s| is) your",
    ),
    // Hinglish: "bhejo", "batao", "de do", "yaha upload karo", "password do,".
    w(
      'bhej\\w*',
      'bata\\w*',
      'bol do',
      'de do',
      'dedo',
      'dijiye',
      'dena',
      'deni',
      'chahiye',
      'kya hai',
      'upload\\w*',
      'yaha',
      'yahan',
      'yahi',
    ),
    String.raw`${B}do(?=\s*(?:[,.;]|$))`,
    // Hindi: "भेजें", "बताइए", "दीजिए", "यहाँ", "इसी चैट में".
    String.raw`भेज|बता|दीजिए|दीजिये|दे दो|दें${E}|अपलोड|शेयर|यहाँ|यहां|इसी चैट|चाहिए`,
  ].join('|'),
);

/** In person, at the office, on joining day: what genuine employers ask for. */
const IN_PERSON = rx(
  [
    w(
      'bring',
      'carry',
      'original',
      'at the office',
      'in the office',
      'joining day',
      'on joining',
      'at joining',
      'first day',
      'at the time of joining',
      'venue',
      'hr form',
      'hrms',
      'after joining',
      'photocopy',
      'xerox',
      // a job duty, not a request: "collect bank details of new joiners", "verify customers' PAN"
      'collect',
      'customers?',
    ),
    w(
      'office me\\w*',
      'joining ke din',
      'joining pe',
      'joining par',
      'leke aana',
      'lekar aana',
      'lana',
      'laye\\w*',
    ),
    String.raw`ऑफिस|ज्वाइनिंग पर|जॉइनिंग पर|जॉइनिंग के दिन|ज्वाइनिंग के दिन|साथ लाएं|लेकर आएं|फोटोकॉपी|ओरिजिनल`,
  ].join('|'),
);

/** Copies and numbers of an identity document. */
const COPY_EN = w(
  'photos?',
  'pics?',
  'pictures?',
  'images?',
  'scans?',
  'scanned',
  'copy',
  'selfie',
  'numbers?',
  'no',
  'front',
  'back',
  'both sides',
  'dono side',
  'details',
  'kyc',
);
const COPY_HI = String.raw`फोटो|स्कैन|कॉपी|नंबर|संख्या`;

/**
 * The seeker offering their own details: "do you need my account number?", "PAN bhej du kya?",
 * "पैन भेज दूं?". Their details are theirs to share; nobody is asking them.
 */
const OFFERED = rx(
  String.raw`${w('do you need', 'should i (?:send|share|give)', 'shall i (?:send|share|give)', 'can i (?:send|share|give)', 'do i (?:need|have) to (?:send|share|give)', '(?:de|bhej|send kar) (?:du|doon|dun|dein) kya', 'chahiye kya')}|(?:भेज|दे) दूं`,
);

export const personalData: ShieldRule = {
  code: 'personal_data',
  unless: [OFFERED],
  patterns: {
    en: [
      // "Please share the OTP you just received", "You'll receive an O.T.P ..., forward it to me",
      // "tell me the 6 digit code". normalize() has already turned "0TP" and "o.t.p" into "otp".
      {
        name: 'otp',
        re: rx(
          w(
            'otp',
            'one time password',
            'verification code',
            'login code',
            '\\d[ -]?digit (?:code|number|pin)',
          ),
        ),
        with: [ASK],
      },
      // "the code sent to your phone".
      {
        name: 'receivedCode',
        re: rx(
          String.raw`${w('code')}${near(40)}${w('received', 'got', 'sent to (?:you|your \\w+)')}|${w('received')}${near(20)}${w('code')}`,
        ),
        with: [rx(w('tell', 'share', 'send', 'forward'))],
      },
      // "Upload your Aadhar pic here", "Aadhaar and PAN photos on WhatsApp", "PAN number for KYC".
      // "pan" alone is also "pan India": it counts next to a copy or number only.
      {
        name: 'idDocument',
        re: rx(
          String.raw`${w('aa?dh?aa?r', 'adhar', 'pan', 'pan ?card', 'voter id')}${near(30)}(?:${COPY_EN})|(?:${COPY_EN})${near(30)}${w('aa?dh?aa?r', 'adhar', 'pan', 'pan ?card')}`,
        ),
        with: [ASK],
        unless: [IN_PERSON],
      },
      // "bank account number, IFSC and a cancelled cheque photo", "net banking login".
      {
        name: 'bankDetails',
        re: rx(
          w(
            '(?:bank )?(?:account|a/c|acc) ?(?:number|no|details)',
            'ifsc',
            'cancell?ed cheque',
            'passbook (?:photo|pic)',
            'net ?banking',
            'internet banking',
            'bank details',
          ),
        ),
        with: [ASK],
        unless: [IN_PERSON],
      },
      // "debit card number and expiry", "card CVV", "ATM card number and PIN", "UPI PIN".
      {
        name: 'cardSecrets',
        re: rx(
          w(
            '(?:debit|credit|atm)? ?card (?:ka |ki |ke )?(?:number|no|details|expiry)',
            'cvv',
            'cvc',
            'expiry',
            // not a place: "pin code", "office pin", "drop a pin"
            '(?<!(?:office|location|map|maps|google|postal|area|address|delivery|(?:drop|dropped|dropping|sent|sending) (?:a|the)) )(?:atm |upi |m)?pin(?! ?(?:code|location|point|drop))',
            'passwords?',
            'passcode',
            'mpin',
          ),
        ),
        with: [ASK],
        unless: [IN_PERSON],
      },
      // "Enter your UPI PIN to receive ₹2,400": a UPI PIN only ever approves a payment.
      {
        name: 'enterPin',
        re: rx(
          w(
            '(?:enter|type|put|daalo|dalo|daal do|daliye) (?:your |the |apna |ur )?(?:upi |atm |m)?pin',
            'upi pin (?:daalo|dalo|daal do|daliye|enter kar\\w*)',
          ),
        ),
      },
    ],
    hi: [
      // "यूपीआई पिन डालें".
      { name: 'enterPin', re: rx(String.raw`(?:यूपीआई|upi)\s?पिन\s?(?:डाल|दर्ज)`) },
      // "ओटीपी बताइए", "ओ टी पी जल्दी बताओ".
      { name: 'otp', re: rx(String.raw`ओ\s?टी\s?पी`), with: [ASK] },
      // "जो कोड आपके फोन पर आया है वो मुझे बता दीजिए".
      {
        name: 'receivedCode',
        re: rx(String.raw`कोड${near(40)}(?:आया|आएगा)`),
        with: [rx('बता|भेज')],
      },
      // "आधार कार्ड की फोटो और पैन कार्ड की फोटो यहाँ भेजें", "पैन कार्ड की स्कैन कॉपी और आधार नंबर".
      {
        name: 'idDocument',
        re: rx(
          String.raw`(?:आधार|पैन)${near(30)}(?:${COPY_HI})|(?:${COPY_HI})${near(30)}(?:आधार|पैन)`,
        ),
        with: [ASK],
        unless: [IN_PERSON],
      },
      // "बैंक खाता नंबर और आईएफएससी कोड भेजिए", "अपना बैंक अकाउंट नंबर भेजें", "बैंक पासबुक की
      // फोटो भेजो", "कैंसल चेक भेजिए".
      {
        name: 'bankDetails',
        re: rx(
          String.raw`खाता\s?(?:नंबर|संख्या)|अकाउंट\s?(?:नंबर|डिटेल)|आईएफएससी|नेट बैंकिंग|बैंक (?:डिटेल|विवरण)|पासबुक|कैंसल\s?चेक`,
        ),
        with: [ASK],
        unless: [IN_PERSON],
      },
      // "एटीएम कार्ड का नंबर और सीवीवी बताइए".
      {
        name: 'cardSecrets',
        re: rx(
          String.raw`(?:एटीएम|डेबिट|क्रेडिट)\s?कार्ड\s?(?:का|की|के)?\s?(?:नंबर|डिटेल)|सीवीवी|पिन${E}(?!\s?कोड)|पासवर्ड`,
        ),
        with: [ASK],
        unless: [IN_PERSON],
      },
    ],
    hinglish: [
      // "jo message me code aaya wo bata do", "OTP aayega, wo hume batana hoga".
      {
        name: 'receivedCode',
        re: rx(
          String.raw`${w('code')}${near(40)}${w('aaya', 'aya', 'aayega', 'aaega')}|${w('aaya', 'aya')}${near(20)}${w('code')}`,
        ),
        with: [rx(w('bata\\w*', 'bhej\\w*', 'bol\\w*'))],
      },
      // "bank ki details bhejo", "khata number do".
      {
        name: 'bankDetails',
        re: rx(w('bank ki details', 'khata (?:number|no)', 'account ka number')),
        with: [ASK],
        unless: [IN_PERSON],
      },
    ],
  },
};
