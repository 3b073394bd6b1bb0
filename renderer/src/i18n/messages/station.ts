import { defineMessages } from '../define.ts';

// The station database: Settings → Station and the top bar's sync state.
export const station = defineMessages({
  en: {
    'settings.tab.station': 'Station',
    'station.heading': 'Station database',
    'station.intro':
      'Several windows of one station (or several stations of a company) keep one record in a PostgreSQL database: this counter ships its journal there in the background and keeps selling when it cannot be reached. The password is kept in the system keychain only.',
    'station.field.stationId': 'Station id (e.g. cairo-gateway)',
    'station.field.stationName': 'Station name',
    'station.field.host': 'Server',
    'station.field.port': 'Port',
    'station.field.database': 'Database',
    'station.field.user': 'User',
    'station.field.password': 'Password (kept in the keychain; empty keeps the saved one)',
    'station.field.tls': 'Encrypted connection (TLS)',
    'station.connect': 'Test, set up and connect',
    'station.disconnect': 'Disconnect',
    'station.sync.off': 'Station: off',
    'station.sync.synced': 'Station: synced',
    'station.sync.shipping': 'Station: sending…',
    'station.sync.offline': 'Station: offline, {backlog} to send',
    'station.sync.stopped': 'Station: journal refused, call a supervisor',
    'station.sync.other_environment': 'Station: not this environment',
  },
  ar: {
    'settings.tab.station': 'المحطة',
    'station.heading': 'قاعدة بيانات المحطة',
    'station.intro':
      'تحفظ شبابيك المحطة الواحدة (أو محطات الشركة) سجلًا واحدًا في قاعدة بيانات PostgreSQL: يرسل هذا الشباك يوميته إليها في الخلفية ويستمر في البيع إن تعذر الوصول إليها. تُحفظ كلمة المرور في سلسلة مفاتيح النظام فقط.',
    'station.field.stationId': 'معرّف المحطة (مثل cairo-gateway)',
    'station.field.stationName': 'اسم المحطة',
    'station.field.host': 'الخادم',
    'station.field.port': 'المنفذ',
    'station.field.database': 'قاعدة البيانات',
    'station.field.user': 'المستخدم',
    'station.field.password': 'كلمة المرور (تُحفظ في سلسلة المفاتيح؛ اتركها فارغة للإبقاء على المحفوظة)',
    'station.field.tls': 'اتصال مشفّر (TLS)',
    'station.connect': 'اختبار وإعداد واتصال',
    'station.disconnect': 'قطع الاتصال',
    'station.sync.off': 'المحطة: غير متصلة',
    'station.sync.synced': 'المحطة: متزامنة',
    'station.sync.shipping': 'المحطة: جارٍ الإرسال…',
    'station.sync.offline': 'المحطة: غير متاحة، {backlog} في الانتظار',
    'station.sync.stopped': 'المحطة: رُفضت اليومية، اطلب المشرف',
    'station.sync.other_environment': 'المحطة: ليست هذه البيئة',
  },
});
