// off_platform: the other side is pulled out of NearHire's chat, where the shield and reports no
// longer reach: Telegram, WhatsApp, Signal, t.me and wa.me links, "save my number and drop a
// hi". Warnings ("we never contact you on Telegram", "bharosa mat karna") and a seeker saying
// "let's keep talking here" stay clean.

import type { ShieldRule } from '../engine.ts';
import { B, E, PHONE, fz, rx, w } from '../lexicon.ts';

/**
 * "telegram", "tele gram", "teleqram", "t e l e g r a m" (normalize joins the last), and the
 * short spellings "tgram", "telgram", "tlgrm".
 */
const TELEGRAM = String.raw`${B}(?:${fz('telegram')}|t(?:ele?|el|l|e)?gr[ae]?m${E})`;
/**
 * "whatsapp", "whats app", "watsapp", "whatsap", "W*h*a*t*s*A*p*p", and the short spellings
 * "wtsapp", "whtsapp", "w.app", "wapp".
 */
const WHATSAPP = String.raw`${B}(?:${fz('whatsapp')}|w(?:h?a|h)?t{1,2}'?s?[\s.*_-]{0,3}ap{1,2}${E}|w\.?app${E})`;
/**
 * Link shorteners: where the link goes is hidden, from the reader and from the shield. Not a
 * Google Maps link to the office (goo.gl/maps/..., maps.app.goo.gl/...).
 */
const SHORTENER = String.raw`${B}(?<!\.)(?:bit\.ly|bitly\.com|tinyurl\.com|tiny\.cc|goo\.gl(?!\s?/\s?maps)|cutt\.ly|rb\.gy|t\.ly|is\.gd|v\.gd|ow\.ly|shorturl\.at|s\.id|rebrand\.ly|shorte\.st)\s?/\s?[a-z0-9]`;
/** व्हाट्सएप, वॉट्सऐप, व्हाट्सअप, वाट्सएप; टेलीग्राम, टेलिग्राम. */
const WHATSAPP_HI = String.raw`व(?:्ह)?[ाॉ]?ट्?स[एऐअ]प`;
const TELEGRAM_HI = String.raw`${fz('टेलीग्राम')}|${fz('टेलिग्राम')}`;

/**
 * A messaging app named only to share where someone is ("send your location on WhatsApp", "office
 * pin WhatsApp kar diya"), with nothing in the clause that moves the hiring itself (a group, the
 * interview, a letter, a task, money, a number to message).
 */
const LOCATION_ONLY = rx(
  String.raw`^(?![\s\S]*(?:${w('groups?', 'channels?', 'join\\w*', 'process', 'details', 'interview', 'letter', 'offer', 'tasks?', 'pay\\w*', 'fees?', 'salary', 'number', 'no', 'jobs?', 'work', 'kaam', 'hr', 'documents?', 'resume', 'cv', 'form', 'verif\\w*')}|ग्रुप|चैनल|जुड़|नौकरी|जॉब|काम|इंटरव्यू|पेमेंट|नंबर))[\s\S]*(?:${w('location', 'live location', 'pin', 'map', 'maps', 'landmark', 'lokeshan')}|लोकेशन|नक्शा)`,
);

export const offPlatform: ShieldRule = {
  code: 'off_platform',
  // "Are you on WhatsApp?", "Whatsapp pe ho?" ask, they move no one; the answer decides. A
  // question that asks for a move ("can we talk on WhatsApp?") still counts.
  skipSentence: [
    rx(
      String.raw`^(?![^?]*(?:${w('message', 'msg', 'text', 'ping', 'dm', 'add', 'join', 'call', 'contact', 'talk', 'chat', 'baat', 'aa', 'aao', 'aaiye', 'aana', 'karo', 'send', 'bhej\\w*', 'number', 'no', 'link', 'group', 'channel')}|मैसेज|जुड़|नंबर|भेज|बात))[^?]*\?$`,
    ),
  ],
  patterns: {
    en: [
      // t.me/..., wa.me/..., chat.whatsapp.com/...: a link out, whatever is said around it.
      {
        name: 'link',
        re: rx(
          String.raw`${B}(?:t|telegram|wa|signal)\s?\.\s?me\s?/|${B}(?:t|wa)me\s?/\s?[a-z0-9_]|${B}(?:t|wa|telegram)\s?(?:\[\.\]|\(\.\)|\[dot\]|\(dot\)|\sdot\s)\s?me${E}|chat\.whatsapp\.com|api\.whatsapp\.com|${B}wa\.link${E}`,
        ),
        anyway: true,
      },
      // "Apply here https://bit.ly/3xYzAbC": a shortened link hides where it leads (a payment
      // page, a Telegram group), whatever is said around it.
      { name: 'shortLink', re: rx(SHORTENER), anyway: true },
      // "Telegram task" names the kind of task scam (task_scam), it does not move the chat.
      {
        name: 'telegram',
        re: rx(String.raw`${TELEGRAM}(?!\s?tasks?${E})`),
        unless: [LOCATION_ONLY],
      },
      { name: 'whatsapp', re: rx(WHATSAPP), unless: [LOCATION_ONLY] },
      // "download/NearWork.apk", "allow install from unknown sources": an app from outside the
      // store, which can read the phone's messages and OTPs.
      {
        name: 'apk',
        // An Android developer's post ("sign the release .apk for the Play Store") is work.
        unless: [
          rx(
            w(
              'developers?',
              'play store',
              'android studio',
              'gradle',
              'aab',
              'kotlin',
              'flutter',
              'react native',
              'sign\\w*',
              'build\\w*',
            ),
          ),
        ],
        re: rx(
          String.raw`[a-z0-9_\-]\.apk${E}|${w('apk (?:file|link|download)', '(?:download|install) (?:the |our |this |my )?(?:\\w+ )?apk', 'unknown (?:sources?|apps)')}|एपीके`,
        ),
      },
      // "tg pe aao": TG is what Telegram is called in a hurry.
      {
        name: 'tg',
        re: rx(
          String.raw`${w('tg')} (?:pe|par|pr|me|group|channel|id|link|username)${E}|${w('on', 'join')} tg${E}`,
        ),
      },
      // "I will share the details on WA", "WA karo".
      {
        name: 'wa',
        re: rx(
          String.raw`${w('on', 'pe', 'par', 'pr', 'me')} wa${E}|${B}wa (?:karo|kar do|me|pe|par|msg|message)${E}`,
        ),
      },
      // Signal the app, not a traffic signal: "on Signal", "Signal group", "Signal app pe".
      {
        name: 'signal',
        re: rx(
          String.raw`${w('signal')} (?:app|group|pe|par|pr|messenger|id)${E}|${w('on', 'join', 'download', 'use', 'via', 'to')} (?:our |the |my )?signal${E}`,
        ),
      },
      // "save my number 99xxxxxx10", "drop a hi", "message me on 98xxxxxx12" (calling is fine).
      {
        name: 'personalNumber',
        re: rx(
          String.raw`${w('save (?:my|this|our) (?:number|no|contact)', 'drop (?:a |me a )?(?:hi|hello|msg|message)', '(?:message|msg|text|ping|dm|sms) (?:me |us )?(?:on|at|to)')}`,
        ),
        with: [rx(String.raw`${PHONE}|${w('number', 'no', 'whatsapp')}`)],
      },
      // "this portal has too many restrictions, let's talk outside".
      {
        name: 'outside',
        re: rx(
          String.raw`${w('outside', 'off')} (?:of )?(?:this|the) (?:app|portal|platform|site)|${w('personal (?:number|no|contact|id)')}`,
        ),
      },
    ],
    hi: [
      { name: 'whatsapp', re: rx(WHATSAPP_HI), unless: [LOCATION_ONLY] },
      { name: 'telegram', re: rx(TELEGRAM_HI), unless: [LOCATION_ONLY] },
      { name: 'signal', re: rx(String.raw`सिग्नल`) },
      // "मेरा नंबर सेव करें", "हाय भेजिए".
      { name: 'personalNumber', re: rx(String.raw`नंबर सेव|(?:हाय|हेलो|hi) भेज`) },
    ],
    hinglish: [
      // "mera number save karo", "hi bhejo", "msg karo 98xxxxxx34 pe".
      {
        name: 'personalNumber',
        re: rx(
          String.raw`${w('number save', 'no save')}|${PHONE}\s(?:pe|par|pr)\s(?:msg|message|text|ping)|${w('msg', 'message', 'text', 'ping')} (?:karo|kar do|kijiye|karna)${E}[^.]{0,20}${PHONE}`,
        ),
      },
      // "is number pe hi bhejo 98xxxxxx34" ("aaj hi bhej dena" is "send it today").
      {
        name: 'sayHi',
        re: rx(w('(?:ek )?(?:hi|hello|hii) (?:msg |message )?(?:bhej\\w*|kar\\w*)')),
        with: [rx(PHONE)],
      },
      // "whatsapp/wp pe baat karte hai": wp is the common short form.
      {
        name: 'wp',
        re: rx(
          String.raw`${w('wp', 'whtsp', 'wtsp', 'watsp')} (?:pe|par|pr|karo|kar do|no|number|me)${E}`,
        ),
      },
    ],
  },
};
