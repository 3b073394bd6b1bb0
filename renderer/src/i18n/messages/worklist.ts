import { defineMessages } from '../define.ts';

// Moved and cancelled trips: who to call.
export const worklist = defineMessages({
  en: {
    'worklist.chip': '{n} to call',
    'worklist.title': 'Trips changed: travellers to call',
    'worklist.close': 'Back to selling',
    'worklist.empty': 'No trip sold here has changed.',
    'worklist.kind.rescheduled': 'Departure moved',
    'worklist.kind.cancelled': 'Trip cancelled: do not travel',
    'worklist.kind.changed': 'Ticket changed',
    'worklist.moved': 'was {from}, now {to}',
    'worklist.markCalled': 'Called',
    'worklist.calledBy': 'Called by {name}, {at}',
    'worklist.print': 'Print the new ticket',
  },
  ar: {
    'worklist.chip': '{n} للاتصال',
    'worklist.title': 'رحلات تغيّرت: ركاب يجب الاتصال بهم',
    'worklist.close': 'العودة إلى البيع',
    'worklist.empty': 'لم تتغير أي رحلة بيعت هنا.',
    'worklist.kind.rescheduled': 'تغيّر موعد القيام',
    'worklist.kind.cancelled': 'أُلغيت الرحلة: لا تسافر',
    'worklist.kind.changed': 'تغيّرت التذكرة',
    'worklist.moved': 'كان {from}، أصبح {to}',
    'worklist.markCalled': 'تم الاتصال',
    'worklist.calledBy': 'اتصل {name}، {at}',
    'worklist.print': 'اطبع التذكرة الجديدة',
  },
});
