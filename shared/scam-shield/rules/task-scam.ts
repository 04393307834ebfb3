// task_scam: "jobs" that pay per like, follow, subscribe, rating or review, prepaid tasks where
// the victim pays first to "unlock" bigger ones, daily commissions, and crypto or trading
// "investments" with promised returns. Real roles that mention the same words (a social media
// executive who grows followers, a content moderator who reviews videos, an equity dealer who
// advises on investments) carry no per-task pay and no promised return, and stay clean.

import type { ShieldRule } from '../engine.ts';
import { B, E, MONEY, fz, near, rx, w } from '../lexicon.ts';

/** Things a task scam asks you to like, follow, rate or review. */
const TARGET = String.raw`(?:posts?|videos?|reels?|pages?|channels?|accounts?|photos?|products?|hotels?|restaurants?|movies?|apps?|places?|shops?|profiles?|stores?)`;

/** The engagement a task scam pays for. */
const ENGAGE = [
  // "like and subscribe", "like aur share", "follow + like".
  String.raw`${w(fz('like'), 'likes', 'liking', fz('follow'), 'subscribe')}\s?(?:and|&|\+|aur|\/|,)\s?${w(fz('like'), 'subscribe', 'share', fz('follow'), 'comment')}`,
  // "like the posts", "follow pages", "rate hotels", "write Google reviews", "give 5 star ratings".
  String.raw`${w(fz('like'), 'liking', fz('follow'), 'following', 'subscribe', 'rate', 'rating', 'write', 'give', 'post')}\s(?:(?:to|on|the|our|these|given|their|them|youtube|insta\w*|google|fb|facebook|online|5 star|five star|\d+)\s){0,3}${TARGET}${E}`,
  String.raw`${w('5 ?star', 'five star', '(?:google|product|online|hotel|restaurant|movie|app) (?:reviews?|ratings?)', 'rating tasks?', 'like tasks?', 'review job', 'rate them')}`,
  // Hinglish: "video like karo", "channel subscribe karo", "review dene ka kaam", "5 star dene".
  String.raw`${w('video', 'videos', 'post', 'page', 'channel', 'reel')}\s(?:${fz('like')}|subscribe|follow|share)${E}|${w('review', 'rating', 'like', 'follow', 'subscribe')} (?:dene|dena|likhne|karne|karna|do|karo)${E}`,
  // Hindi: लाइक, सब्सक्राइब, फॉलो, 5 स्टार रेटिंग, रिव्यू लिखने.
  String.raw`लाइक|सब्सक्राइब|फॉलो|स्टार रेटिंग|रेटिंग द|रिव्यू लिख|स्क्रीनशॉट`,
].join('|');

/** Pay for each unit of engagement: "₹150 per review", "har like ka 50 rs", "प्रति टास्क 40 रुपये". */
const PER_UNIT = String.raw`${w('per', 'each', 'every', 'har', 'hr', 'ek', '1')}\s(?:ek\s|single\s)?(?:task|like|review|rating|follow|follower|subscribe|subscriber|screenshot|video|post|order|comment|share|click|channel|page)s?${E}|(?:प्रति|हर)\s(?:टास्क|लाइक|रिव्यू|रेटिंग|स्क्रीनशॉट|वीडियो|पोस्ट|चैनल|पेज|फॉलो)|${w('har ek', 'har ek ka')}`;

/**
 * A sum of ₹1,000 and more. Honest daily-wage work pays ₹600-1,100 a day, so with "per day" only
 * a figure in the thousands is a lure ("Post reels, ₹600 a day" stays clean).
 */
const THOUSANDS = String.raw`(?:₹[1-9]\d{3,}|${B}[1-9]\d{3,}${E}|${B}\d+(?:\.\d+)?\s?(?:k|thousand|ha[zj]aa?r|हजार)${E})`;

/** A daily figure in thousands: "roz ka ₹2000", "₹3000 daily", "रोज़ ₹३०००" (not "₹600 a day"). */
const DAILY_SUM = String.raw`${w('daily', 'roz', 'roj', 'rozana', 'per day', 'a day', 'har din')}\s(?:(?:ka|ke|ki|income|kamai|earning)\s)?${THOUSANDS}|${THOUSANDS}(?:\s?-\s?${THOUSANDS})?\s(?:${w('daily', 'per day', 'a day', 'roz')})|(?:रोज|रोजाना|प्रतिदिन|हर दिन)\s(?:(?:का|के|की)\s)?${THOUSANDS}`;

/** What the engagement earns. */
const PAYS = String.raw`${PER_UNIT}|${DAILY_SUM}|${w('get', 'pao', 'paao', 'paayein')}\s${MONEY}|${MONEY}\s(?:${w('pao', 'paao', 'milenge', 'milega')}|पाएं|मिलेंगे)|${w('commission', 'earn\\w*', 'kamao', 'kamaye', 'withdraw\\w*', 'wallet', 'paid daily', 'payment daily', 'daily payment', 'credited')}|कमीशन|कमाएं|कमाइए|वॉलेट|रोज भुगतान`;

/** Returns an "investment" promises. */
const RETURNS = String.raw`${w('returns?', 'profit', 'double', 'munafa', 'interest')}|\d+\s?%\s?(?:daily|per day|roz|returns?|profit)|मुनाफा|दोगुना`;

/** Telegram and WhatsApp, as the other rules spell them (see off-platform.ts). */
const MESSENGER = String.raw`${fz('telegram')}|${fz('whatsapp')}|${w('tg', 'wp', 'whats app')}`;
const MESSENGER_HI = String.raw`टेलीग्राम|टेलिग्राम|व(?:्ह)?[ाॉ]?ट्?स[एऐअ]प`;

export const taskScam: ShieldRule = {
  code: 'task_scam',
  patterns: {
    en: [
      // "Like and subscribe ... earn ₹50 for every task", "give 5 star ratings ... ₹150 per review".
      { name: 'paidEngagement', re: rx(ENGAGE), withText: [rx(PAYS)] },
      // "Complete simple like tasks on Instagram": nobody hires for "like tasks" but scammers.
      {
        name: 'engagementTasks',
        re: rx(w('(?:like|likes|follow|subscribe|rating|review|5 star) tasks?')),
      },
      // "₹150 per review", "each rating gives you 2% commission".
      {
        name: 'perLikeOrReview',
        re: rx(
          String.raw`${w('per', 'each', 'every', 'har')}\s(?:like|review|rating|follow|subscribe|screenshot)s?${E}`,
        ),
        with: [rx(String.raw`${MONEY}|${w('commission', 'earn\\w*', 'kamao')}|\d+\s?%`)],
      },
      // "prepaid tasks", "merchant task", "VIP level task", "recharge to unlock the next level".
      {
        name: 'prepaidTask',
        re: rx(
          String.raw`${w('prepaid', 'pre-paid', 'merchant', 'vip', 'optimi[sz]ation', 'booster')}\s(?:level\s)?(?:tasks?|orders?)${E}|${w('recharge')}${near(40)}${w('unlock', 'level', 'tasks?')}|${w('unlock')} (?:the )?next level`,
        ),
      },
      // "You deposit 2000, complete 20 orders, get back 2600", "invest ₹2000, get ₹3000 back".
      {
        name: 'payInGetMore',
        re: rx(
          String.raw`${w('deposit', 'invest', 'recharge', 'pay')}\s${MONEY}${near(60)}(?:${w('get back', 'receive', 'returns?')}\s${MONEY}|${w('get')}\s${MONEY}\s${w('back', 'in return')})`,
        ),
      },
      // "Complete 3 prepaid tasks and get 30% commission", "task complete karo aur commission kamao".
      {
        name: 'paidTasks',
        re: rx(
          String.raw`${w('complete')}\s(?:the\s|simple\s|\d+\s|these\s|daily\s)*tasks?${E}|${w('tasks?')}\s(?:complete|pura|poora|khatam)\s(?:karo|kar do|karein|karke|karne)${E}|टास्क पूरा`,
        ),
        with: [rx(PAYS)],
      },
      // "Join our WhatsApp group for daily tasks", "telegram pe roz task milega": tasks handed
      // out in a messaging group are the task scam's first step.
      {
        name: 'groupTasks',
        re: rx(
          String.raw`(?:${MESSENGER})${near(40)}${w('tasks?')}|${w('tasks?')}${near(40)}(?:${MESSENGER})`,
        ),
        with: [
          rx(
            String.raw`${PAYS}|${w('daily', 'roz', 'roj', 'everyday', 'every day', 'har din', 'payment', 'income')}`,
          ),
        ],
      },
      // "daily commission", "commission on your investment", "20% commission on each order".
      {
        name: 'dailyCommission',
        re: rx(
          String.raw`${w('daily commission', 'commission daily', 'commission on (?:your|every|each) (?:investment|order you complete|orders?|tasks?)')}`,
        ),
      },
      // "USDT trading tasks, daily profit of 3000", "Bitcoin investment job: put in 10k, earn 1.5k
      // every day": crypto or trading with a promised daily return is never a job.
      {
        name: 'cryptoReturns',
        re: rx(
          w('crypto\\w*', 'bitcoin', 'btc', 'usdt', 'forex', 'trading (?:tasks?|plan|pool|job)'),
        ),
        with: [
          rx(
            String.raw`${RETURNS}|${w('earn\\w*', 'commission', 'kamao')}${near(30)}(?:${w('daily', 'every day', 'per day', 'a day', 'roz')}|%)|${w('invest\\w*', 'put in', 'deposit')}\s${MONEY}`,
          ),
        ],
        unless: [
          rx(
            w(
              'advise',
              'clients?',
              'customers?',
              'hni',
              'sip',
              'kyc',
              'aml',
              'exchange',
              'compliance',
            ),
          ),
        ],
      },
      // "Invest 5000 in our crypto trading plan and earn 2% returns daily", "double your money".
      {
        name: 'investForReturns',
        re: rx(
          String.raw`${w('invest', 'investment', 'invest karo', 'paisa lagao', 'paise lagao')}`,
        ),
        with: [rx(RETURNS)],
        unless: [rx(w('advise', 'clients?', 'customers?', 'hni', 'sip', 'mutual funds?'))],
      },
    ],
    hi: [
      // "प्रीपेड टास्क", "पहले 1000 रुपये का टास्क लें, पूरा होने पर 1400 वापस मिलेंगे".
      {
        name: 'prepaidTask',
        re: rx(
          String.raw`प्रीपेड टास्क|पहले\s${MONEY}${near(15)}टास्क|टास्क${near(40)}${MONEY}${near(15)}वापस`,
        ),
      },
      // "टेलीग्राम ग्रुप से जुड़िए, वहीं रोज़ के टास्क मिलेंगे".
      {
        name: 'groupTasks',
        re: rx(String.raw`(?:${MESSENGER_HI})${near(40)}टास्क|टास्क${near(40)}(?:${MESSENGER_HI})`),
        with: [rx(String.raw`${PAYS}|रोज|हर दिन|पेमेंट|भुगतान|कमाई`)],
      },
      // "रोज़ का कमीशन", "हर रिव्यू पर कमीशन".
      { name: 'dailyCommission', re: rx(String.raw`(?:रोज|रोजाना|हर दिन|डेली)\s(?:का\s)?कमीशन`) },
      // "क्रिप्टो ट्रेडिंग में निवेश करें और रोज़ाना मुनाफा पाएं".
      {
        name: 'investForReturns',
        re: rx(String.raw`निवेश\s?कर|निवेश\s?करें|पैसा लगाएं|पैसे लगाएं`),
        with: [rx(RETURNS)],
      },
    ],
    hinglish: [
      // "Pehle 1000 ka task karo, 1300 wapas milega", "500 lagao 700 pao".
      {
        name: 'prepaidTask',
        re: rx(
          String.raw`${w('pehle', 'pahle')}\s${MONEY}${near(15)}${w('task')}|${w('task')}${near(40)}${MONEY}${near(15)}${w('wapas', 'vapas')}|${MONEY}\s${w('lagao', 'dalo', 'invest karo')}${near(10)}${MONEY}\s${w('pao', 'paao', 'lo', 'milega', 'milenge')}`,
        ),
      },
      // "Roz ka commission milega", "har din commission".
      {
        name: 'dailyCommission',
        re: rx(String.raw`${w('roz', 'roj', 'rozana', 'har din', 'daily')}\s(?:ka\s)?commission`),
      },
      // "Trading app me paisa lagao, har din commission milega", "crypto me invest karo".
      {
        name: 'tradingLagao',
        re: rx(
          String.raw`${w('trading', 'crypto', 'forex', 'bitcoin')}${near(30)}${w('lagao', 'invest karo', 'invest kare\\w*')}`,
        ),
        with: [rx(String.raw`${RETURNS}|${w('commission', 'kamao')}`)],
      },
    ],
  },
};
