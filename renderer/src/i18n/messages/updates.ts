import { defineMessages } from '../define.ts';

// Settings → Updates: the app's own updates from the station's or head office's feed.
export const updates = defineMessages({
  en: {
    'settings.tab.updates': 'Updates',
    'updates.heading': 'Updates of Shubbak',
    'updates.intro':
      'New versions come from a feed your station or head office hosts over HTTPS. They download in the background and install only when no shift is open and no sale is waiting, so a sale is never interrupted. Off until you turn it on.',
    'updates.enabled': 'Install new versions from this feed',
    'updates.feed': 'Feed address',
    'updates.feed.hint': 'The HTTPS folder holding latest.yml and the installers, as head office gave it.',
    'updates.feed.empty': 'Enter the feed’s address to turn updates on.',
    'updates.feed.invalid': 'Enter an https:// address without ? or #.',
    'updates.save': 'Save updates',
    'updates.saved': 'Saved.',
    'updates.phase.off': 'Updates are off. This counter runs version {version}.',
    'updates.phase.held':
      'Updates are held off: the update settings were changed outside Shubbak, or cannot be checked on this PC. Whoever sets the feed chooses the code this counter installs: a supervisor checks the address below and saves it. This counter runs version {version}.',
    'updates.phase.unavailable': 'This copy of Shubbak (version {version}) was not installed from an installer and cannot update itself. The setting is kept.',
    'updates.phase.idle': 'Version {version} is the newest on the feed.',
    'updates.phase.checking': 'Asking the feed for a newer version…',
    'updates.phase.downloading': 'Downloading version {version} in the background…',
    'updates.phase.downloaded': 'Version {version} is ready and installs when the counter is free.',
    'updates.phase.installing': 'Installing version {version}: Shubbak restarts by itself.',
    'updates.phase.failed': 'The last update attempt failed: {error}. It is tried again later.',
    'updates.waiting.shift_open': 'Version {version} is ready. It installs once the open shift is closed.',
    'updates.waiting.sale_in_flight': 'Version {version} is ready. It installs once the sale waiting for the operator’s answer is settled.',
    'updates.waiting.counter_busy': 'Version {version} is ready. It installs after ten minutes without a sale.',
  },
  ar: {
    'settings.tab.updates': 'التحديثات',
    'updates.heading': 'تحديثات شبّاك',
    'updates.intro':
      'الإصدارات الجديدة تأتي من مصدر تستضيفه المحطة أو الإدارة عبر HTTPS. تُنزَّل في الخلفية ولا تُثبَّت إلا إذا لم تكن هناك وردية مفتوحة ولا عملية بيع معلّقة، فلا تنقطع أي عملية بيع. متوقفة حتى تشغّلها.',
    'updates.enabled': 'تثبيت الإصدارات الجديدة من هذا المصدر',
    'updates.feed': 'عنوان المصدر',
    'updates.feed.hint': 'مجلد HTTPS الذي يحتوي على latest.yml وملفات التثبيت، كما أعطته لك الإدارة.',
    'updates.feed.empty': 'أدخل عنوان المصدر لتشغيل التحديثات.',
    'updates.feed.invalid': 'أدخل عنوانًا يبدأ بـ https:// بدون ? أو #.',
    'updates.save': 'حفظ التحديثات',
    'updates.saved': 'تم الحفظ.',
    'updates.phase.off': 'التحديثات متوقفة. يعمل هذا الشباك بالإصدار {version}.',
    'updates.phase.held':
      'التحديثات موقوفة: غُيّرت إعدادات التحديث خارج شباك، أو لا يمكن التحقق منها على هذا الجهاز. من يحدد المصدر يختار البرنامج الذي يثبّته هذا الشباك: يراجع مشرف العنوان أدناه ويحفظه. يعمل هذا الشباك بالإصدار {version}.',
    'updates.phase.unavailable': 'نسخة شبّاك هذه (الإصدار {version}) لم تُثبَّت من ملف تثبيت ولا يمكنها تحديث نفسها. الإعداد محفوظ.',
    'updates.phase.idle': 'الإصدار {version} هو الأحدث في المصدر.',
    'updates.phase.checking': 'جارٍ سؤال المصدر عن إصدار أحدث…',
    'updates.phase.downloading': 'جارٍ تنزيل الإصدار {version} في الخلفية…',
    'updates.phase.downloaded': 'الإصدار {version} جاهز ويُثبَّت عندما يكون الشباك متفرغًا.',
    'updates.phase.installing': 'جارٍ تثبيت الإصدار {version}: يُعاد تشغيل شبّاك تلقائيًا.',
    'updates.phase.failed': 'فشلت آخر محاولة تحديث: {error}. ستُعاد المحاولة لاحقًا.',
    'updates.waiting.shift_open': 'الإصدار {version} جاهز. يُثبَّت بعد إغلاق الوردية المفتوحة.',
    'updates.waiting.sale_in_flight': 'الإصدار {version} جاهز. يُثبَّت بعد حسم عملية البيع التي تنتظر رد شركة النقل.',
    'updates.waiting.counter_busy': 'الإصدار {version} جاهز. يُثبَّت بعد عشر دقائق بلا مبيعات.',
  },
});
