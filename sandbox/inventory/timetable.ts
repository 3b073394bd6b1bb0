// The timetable: corridors along Egypt's real roads, each run in both directions by the
// operators listed, with the trip time range and the NET fare range of the corridor.
//
// A timetable entry is a string of tokens (or several, each with its own flags):
//   HH:MM             a departure at that local time, kept exactly
//   HH:MM-HH:MM*N     N departures spread from the first to the last time (the last may be past
//                     midnight); inner ones move by up to 15 minutes with the seed, and on busy
//                     spreads (N >= 6) a few become weekend extras (thu, fri, sat)
//   days=sat,mon      runs only on those weekdays (default: daily)
//   multi             the coach calls at several stops in the destination city (no arrival station)
//   noeta             the operator publishes no reliable arrival (duration unknown)

import type { OperatorKey } from './operators.ts';

export type Timetable = Partial<Record<OperatorKey, string | readonly string[]>>;

export interface Corridor {
  a: string;
  b: string;
  /** Trip time range in minutes, multiples of 5. */
  minutes: readonly [number, number];
  /** NET fare range per seat in whole EGP, over all operators and classes. */
  fare: readonly [number, number];
  timetable: Timetable;
}

const corridor = (a: string, b: string, minutes: readonly [number, number], fare: readonly [number, number], timetable: Timetable): Corridor =>
  ({ a, b, minutes, fare, timetable });

export const CORRIDORS: readonly Corridor[] = [
  // From Cairo: the North Coast and Alexandria
  corridor('Cairo', 'Alexandria', [170, 200], [170, 450], {
    gobus: '05:00-01:00*20', bluebus: '06:00-23:00*8', superjet: '05:30-00:30*12',
    westdelta: '05:00-23:00*14', webus: '07:00-22:00*6', highjet: '08:00-20:00*4',
  }),
  corridor('Cairo', 'Marsa Matrouh', [300, 360], [300, 700], {
    westdelta: '06:30-23:30*6', gobus: '07:00 10:00 14:00 23:30', superjet: '07:45 15:00', bluebus: '08:30 16:30',
  }),
  corridor('Cairo', 'El Alamein', [210, 240], [250, 600], {
    westdelta: '07:00-19:00*4', gobus: '06:00-22:00*6', bluebus: '08:00-20:00*4',
  }),
  corridor('Cairo', 'Siwa', [570, 630], [400, 750], { westdelta: ['19:45', '08:00 days=fri'] }),
  // From Cairo: the Red Sea
  corridor('Cairo', 'Hurghada', [360, 420], [350, 900], {
    gobus: '01:00 07:30-23:30*7', superjet: '08:00 14:30 23:00', upperegypt: '00:30 06:00 10:00 22:00',
    elgouna: '07:00 11:00 15:00 23:00', bluebus: '09:00 23:30', highjet: '10:00 22:00',
  }),
  corridor('Cairo', 'El Gouna', [390, 450], [400, 950], { elgouna: '01:00 08:00 12:00 16:00 23:30', gobus: '09:00 22:30' }),
  corridor('Cairo', 'Ain Sokhna', [110, 140], [120, 300], {
    eastdelta: '07:00-19:00*4', gobus: '06:30 09:30 days=thu,fri,sat', bluebus: '08:00 12:00 17:00',
  }),
  corridor('Cairo', 'Ras Gharib', [270, 300], [200, 400], { upperegypt: '06:00 11:00 15:00 multi' }),
  corridor('Cairo', 'Safaga', [420, 480], [350, 750], { upperegypt: '07:00 20:00 22:30 multi', superjet: '23:00' }),
  corridor('Cairo', 'El Quseir', [510, 570], [400, 800], { upperegypt: '08:00 21:00' }),
  corridor('Cairo', 'Marsa Alam', [660, 720], [500, 1000], { upperegypt: '20:00', gobus: '22:00' }),
  // From Cairo: Sinai and the Canal
  corridor('Cairo', 'Sharm El Sheikh', [360, 420], [400, 1000], {
    gobus: '01:00 07:00 11:00 15:30 23:00', superjet: '07:30 23:30', eastdelta: '06:30 10:30 13:30 16:30 23:45',
    bluebus: '09:30 22:30', highjet: '22:00',
  }),
  corridor('Cairo', 'Dahab', [480, 540], [450, 950], { eastdelta: '07:30 13:30 19:30', gobus: '00:30 22:30' }),
  corridor('Cairo', 'Nuweiba', [420, 480], [350, 700], { eastdelta: '09:00 22:00' }),
  corridor('Cairo', 'Taba', [390, 450], [350, 700], { eastdelta: '08:00 21:30', gobus: '23:15 days=thu,fri,sat,sun' }),
  corridor('Cairo', 'Saint Catherine', [420, 480], [250, 450], { eastdelta: '11:00' }),
  corridor('Cairo', 'Ras Sedr', [150, 180], [120, 220], { eastdelta: '07:00 12:00 17:00', gobus: '08:00 days=thu,fri' }),
  corridor('Cairo', 'El Tor', [300, 330], [180, 320], { eastdelta: '06:45 11:30 16:00' }),
  corridor('Cairo', 'Arish', [330, 390], [150, 300], { eastdelta: '07:00 09:30 14:00 19:00 multi' }),
  corridor('Cairo', 'Port Said', [150, 180], [100, 300], {
    eastdelta: '05:30-21:30*12', gobus: '07:00-22:00*6', superjet: '07:30-20:30*4', bluebus: '09:00 15:00 20:00',
  }),
  corridor('Cairo', 'Ismailia', [120, 150], [70, 200], { eastdelta: '05:00-22:00*14', gobus: '07:30-21:30*4', webus: '08:00 14:00 19:00' }),
  corridor('Cairo', 'Suez', [120, 150], [70, 200], { eastdelta: '05:00-23:00*16', gobus: '07:00-22:00*4' }),
  // From Cairo: the Nile valley and the oases
  corridor('Cairo', 'Luxor', [540, 660], [450, 1100], {
    gobus: '08:00 21:00 22:30 23:45', upperegypt: ['06:30 09:00 19:00', '21:30 noeta'], superjet: '22:00',
    highjet: '20:30', bluebus: '21:45',
  }),
  corridor('Cairo', 'Aswan', [720, 840], [500, 1300], { upperegypt: ['06:00 17:00', '20:30 noeta'], gobus: '18:30 20:00', superjet: '19:30' }),
  corridor('Cairo', 'Fayoum', [90, 120], [60, 150], { upperegypt: '05:30-21:30*10' }),
  corridor('Cairo', 'Beni Suef', [100, 130], [60, 160], { upperegypt: '05:00-22:00*10', gobus: '07:00 12:00 18:00' }),
  corridor('Cairo', 'Minya', [210, 240], [150, 350], { upperegypt: '05:30-22:30*6 multi', gobus: '07:00 13:00 23:00' }),
  corridor('Cairo', 'Mallawi', [270, 300], [180, 380], { upperegypt: '07:30 14:00 22:00' }),
  corridor('Cairo', 'Dairut', [300, 330], [180, 400], { upperegypt: '08:00 22:30' }),
  corridor('Cairo', 'Asyut', [330, 390], [200, 500], { upperegypt: '06:00-23:00*6', gobus: '08:00 15:00 23:30', superjet: '09:00 22:00' }),
  corridor('Cairo', 'Sohag', [420, 480], [250, 600], { upperegypt: '07:00 12:00 20:00 23:00', gobus: '09:00 22:00 00:15' }),
  corridor('Cairo', 'Qena', [510, 570], [300, 700], { upperegypt: '08:00 19:30 22:00', gobus: '21:30' }),
  corridor('Cairo', 'Nag Hammadi', [540, 600], [300, 700], { upperegypt: '20:00 multi' }),
  corridor('Cairo', 'Bawiti', [270, 330], [150, 300], { upperegypt: '07:00 18:00' }),
  corridor('Cairo', 'Farafra', [480, 540], [300, 550], { upperegypt: '07:00 days=sat,mon,thu' }),
  corridor('Cairo', 'Dakhla', [600, 720], [350, 700], { upperegypt: '19:00' }),
  corridor('Cairo', 'Kharga', [480, 540], [300, 600], { upperegypt: '07:00 21:00' }),
  // From Cairo: the Delta
  corridor('Cairo', 'Banha', [55, 75], [60, 100], { westdelta: '06:00-22:00*10 multi' }),
  corridor('Cairo', 'Tanta', [90, 120], [60, 150], { westdelta: '05:30-22:30*16', gobus: '07:00-21:00*5' }),
  corridor('Cairo', 'El Mahalla El Kubra', [120, 150], [70, 150], { westdelta: '06:00-22:00*10', gobus: '08:00 17:00' }),
  corridor('Cairo', 'Shebin El Kom', [90, 120], [60, 130], { westdelta: '06:00-21:00*8' }),
  corridor('Cairo', 'Sadat City', [75, 95], [60, 120], { westdelta: '06:30-20:30*6' }),
  corridor('Cairo', 'Damanhour', [120, 150], [60, 140], { westdelta: '06:00-21:00*8' }),
  corridor('Cairo', 'Kafr El Sheikh', [150, 180], [70, 160], { westdelta: '06:00-21:00*8' }),
  corridor('Cairo', 'Desouk', [150, 180], [70, 160], { westdelta: '07:00 11:00 15:00 19:00' }),
  corridor('Cairo', 'Zagazig', [75, 100], [60, 130], { eastdelta: '06:00-21:00*12 multi' }),
  corridor('Cairo', 'Mansoura', [150, 180], [80, 200], { eastdelta: '05:30-22:00*12', gobus: '07:00-22:00*6', superjet: '08:00 14:00 19:00' }),
  corridor('Cairo', 'Damietta', [180, 210], [90, 200], { eastdelta: '06:00-20:00*6', gobus: '07:30 12:30 18:30', superjet: '09:00 17:00' }),
  corridor('Cairo', 'Ras El Bar', [210, 240], [120, 250], { eastdelta: '07:00 14:00', gobus: '08:00 16:00 days=thu,fri,sat' }),
  // Greater Cairo's new cities
  corridor('6th of October', 'Alexandria', [150, 180], [170, 420], { gobus: '06:30-21:30*6', bluebus: '08:00 14:00 20:00', westdelta: '07:00-19:00*4' }),
  corridor('6th of October', 'Hurghada', [390, 450], [350, 900], { gobus: '08:30 23:00' }),
  corridor('Sheikh Zayed', 'El Alamein', [180, 210], [250, 600], { gobus: '07:00 12:00 17:00' }),
  corridor('New Cairo', 'Hurghada', [360, 420], [350, 900], { gobus: '07:45 22:15' }),
  corridor('New Cairo', 'Sharm El Sheikh', [360, 420], [400, 1000], { gobus: '08:15 23:15', bluebus: '22:45' }),
  corridor('Giza', 'Fayoum', [75, 100], [60, 150], { upperegypt: '06:00-20:00*8' }),
  corridor('10th of Ramadan', 'Zagazig', [40, 55], [40, 80], { eastdelta: '06:00-20:00*8' }),
  // From Alexandria
  corridor('Alexandria', 'Marsa Matrouh', [225, 255], [150, 350], { westdelta: '06:00-22:00*8', gobus: '07:00 13:00 18:00', superjet: '08:00 16:00' }),
  corridor('Alexandria', 'El Alamein', [90, 120], [80, 200], { westdelta: '06:00-21:00*8', gobus: '07:30-19:30*4' }),
  corridor('Alexandria', 'Siwa', [480, 540], [300, 550], { westdelta: '08:30 22:00' }),
  corridor('Alexandria', 'Borg El Arab', [45, 60], [40, 80], { westdelta: '06:00-20:00*8' }),
  corridor('Alexandria', 'Damanhour', [50, 70], [45, 90], { westdelta: '06:00-22:00*12 multi' }),
  corridor('Alexandria', 'Rosetta', [60, 75], [40, 80], { westdelta: '07:00-19:00*6' }),
  corridor('Alexandria', 'Tanta', [75, 100], [60, 130], { westdelta: '06:00-21:00*10' }),
  corridor('Alexandria', 'Kafr El Sheikh', [90, 120], [60, 130], { westdelta: '07:00-20:00*6' }),
  corridor('Alexandria', 'Mansoura', [165, 195], [100, 220], { gobus: '08:00 15:00', westdelta: '07:00 12:00 17:00' }),
  corridor('Alexandria', 'Port Said', [240, 270], [150, 320], { superjet: '07:00 15:00', eastdelta: '08:00' }),
  corridor('Alexandria', 'Hurghada', [540, 600], [450, 1000], { gobus: '08:00 21:00', superjet: '20:00', upperegypt: '18:00 noeta' }),
  corridor('Alexandria', 'Sharm El Sheikh', [600, 660], [550, 1100], { gobus: '21:30', eastdelta: '19:00' }),
  corridor('Alexandria', 'Asyut', [480, 540], [300, 650], { upperegypt: '18:30' }),
  corridor('Alexandria', 'Luxor', [720, 780], [600, 1200], { upperegypt: '17:00', gobus: '19:00' }),
  // The North Coast and the Western Desert
  corridor('El Alamein', 'Marsa Matrouh', [150, 180], [100, 250], { westdelta: '07:00-19:00*4', gobus: '10:00 18:00' }),
  corridor('Marsa Matrouh', 'Siwa', [270, 330], [150, 300], { westdelta: '07:30 16:00' }),
  corridor('Marsa Matrouh', 'Salloum', [210, 240], [100, 200], { westdelta: '07:00 15:00' }),
  // The Red Sea coast
  corridor('Hurghada', 'El Gouna', [25, 35], [30, 60], { elgouna: '07:00-23:00*12' }),
  corridor('Hurghada', 'Safaga', [50, 70], [40, 90], { upperegypt: '06:00-20:00*6' }),
  corridor('Hurghada', 'El Quseir', [120, 150], [70, 150], { upperegypt: '07:00 12:00 17:00 21:00' }),
  corridor('Hurghada', 'Marsa Alam', [240, 270], [150, 300], { upperegypt: '07:00 17:00', gobus: '10:00' }),
  corridor('Hurghada', 'Suez', [300, 330], [200, 450], { upperegypt: '08:00 14:00 22:00', eastdelta: '11:00' }),
  corridor('Hurghada', 'Sharm El Sheikh', [540, 600], [450, 850], { gobus: '20:00' }),
  corridor('Hurghada', 'Luxor', [270, 300], [200, 400], { gobus: '06:00 12:00 18:00', upperegypt: '07:00 10:00 14:00 20:00 multi' }),
  corridor('Hurghada', 'Aswan', [420, 480], [300, 550], { gobus: '07:30', upperegypt: '08:00 16:00' }),
  corridor('Hurghada', 'Qena', [180, 210], [100, 220], { upperegypt: '08:00 13:00 19:00' }),
  corridor('Hurghada', 'Sohag', [300, 360], [150, 320], { upperegypt: '09:00 21:00' }),
  corridor('Hurghada', 'Asyut', [360, 420], [200, 420], { upperegypt: '10:00 22:00' }),
  // Upper Egypt
  corridor('Fayoum', 'Beni Suef', [45, 60], [40, 80], { upperegypt: '07:00-19:00*5' }),
  corridor('Beni Suef', 'Minya', [120, 150], [60, 150], { upperegypt: '06:30-19:30*5' }),
  corridor('Minya', 'Mallawi', [45, 60], [40, 80], { upperegypt: '06:00-20:00*6' }),
  corridor('Minya', 'Asyut', [120, 150], [60, 150], { upperegypt: '06:00-20:00*6' }),
  corridor('Asyut', 'Dairut', [60, 75], [40, 90], { upperegypt: '06:30-18:30*4' }),
  corridor('Asyut', 'Sohag', [90, 120], [50, 130], { upperegypt: '06:00-20:00*6' }),
  corridor('Sohag', 'Girga', [45, 60], [40, 80], { upperegypt: '07:00-19:00*5' }),
  corridor('Sohag', 'Qena', [150, 180], [70, 160], { upperegypt: '07:00-19:00*4' }),
  corridor('Qena', 'Nag Hammadi', [60, 75], [40, 90], { upperegypt: '07:00-19:00*5' }),
  corridor('Luxor', 'Qena', [60, 75], [40, 90], { upperegypt: '06:30-20:30*6' }),
  corridor('Luxor', 'Esna', [45, 60], [40, 80], { upperegypt: '07:00-19:00*6 multi' }),
  corridor('Luxor', 'Edfu', [90, 120], [60, 130], { upperegypt: '07:00-19:00*4' }),
  corridor('Luxor', 'Aswan', [180, 240], [100, 250], { upperegypt: '06:00-20:00*5', gobus: '08:30 14:30 19:30' }),
  corridor('Luxor', 'Marsa Alam', [300, 360], [180, 350], { upperegypt: '08:00' }),
  corridor('Luxor', 'Kharga', [300, 360], [180, 360], { upperegypt: '07:00 days=sun,wed' }),
  corridor('Aswan', 'Edfu', [90, 120], [60, 130], { upperegypt: '07:00-18:00*4' }),
  corridor('Aswan', 'Kom Ombo', [45, 60], [40, 80], { upperegypt: '06:00-20:00*6' }),
  corridor('Aswan', 'Abu Simbel', [210, 240], [120, 250], { upperegypt: '08:00 17:00', gobus: '04:00' }),
  corridor('Asyut', 'Kharga', [240, 270], [120, 260], { upperegypt: '07:00 13:00 21:00' }),
  corridor('Kharga', 'Dakhla', [120, 150], [70, 150], { upperegypt: '07:00 15:00' }),
  corridor('Kharga', 'Baris', [75, 90], [40, 90], { upperegypt: '08:00 days=sat,mon,wed' }),
  corridor('Dakhla', 'Farafra', [240, 270], [120, 260], { upperegypt: '06:00 days=sun,tue,fri' }),
  corridor('Farafra', 'Bawiti', [150, 180], [80, 170], { upperegypt: '10:00 days=sun,tue,fri' }),
  // Sinai and the Canal
  corridor('Suez', 'Ismailia', [75, 90], [50, 110], { eastdelta: '06:30-20:30*6' }),
  corridor('Ismailia', 'Port Said', [75, 90], [50, 110], { eastdelta: '06:00-21:00*8' }),
  corridor('Ismailia', 'Arish', [180, 210], [100, 220], { eastdelta: '07:00 12:00 16:00' }),
  corridor('Port Said', 'Damietta', [60, 75], [50, 110], { eastdelta: '07:00-19:00*5' }),
  corridor('Suez', 'Ras Sedr', [60, 75], [50, 110], { eastdelta: '08:00 13:00' }),
  corridor('Suez', 'Sharm El Sheikh', [300, 330], [250, 500], { eastdelta: '08:00 11:00 15:00 17:00' }),
  corridor('Sharm El Sheikh', 'El Tor', [90, 120], [60, 140], { eastdelta: '07:30 13:00 18:00' }),
  corridor('Sharm El Sheikh', 'Dahab', [75, 90], [60, 140], { eastdelta: '06:00 09:00 14:00 17:00 20:30', gobus: '12:00 18:00' }),
  corridor('Sharm El Sheikh', 'Saint Catherine', [180, 210], [100, 220], { eastdelta: '09:00' }),
  corridor('Dahab', 'Nuweiba', [60, 75], [50, 120], { eastdelta: '10:30 16:30' }),
  corridor('Nuweiba', 'Taba', [60, 75], [50, 120], { eastdelta: '11:30 17:30' }),
  // Across the Delta
  corridor('Tanta', 'El Mahalla El Kubra', [35, 50], [30, 60], { westdelta: '06:00-21:00*10 multi' }),
  corridor('Tanta', 'Shebin El Kom', [40, 55], [40, 80], { westdelta: '06:00-20:00*6' }),
  corridor('Tanta', 'Kafr El Sheikh', [45, 60], [40, 80], { westdelta: '06:00-20:00*8' }),
  corridor('Tanta', 'Mansoura', [60, 80], [50, 110], { westdelta: '06:30-20:30*6' }),
  corridor('Mansoura', 'Damietta', [60, 75], [50, 110], { eastdelta: '06:00-21:00*8' }),
  corridor('Zagazig', 'Mansoura', [75, 90], [50, 110], { eastdelta: '07:00-19:00*5' }),
  corridor('Zagazig', 'Ismailia', [75, 90], [50, 110], { eastdelta: '07:00-19:00*5' }),
  corridor('Mansoura', 'Port Said', [120, 150], [70, 160], { eastdelta: '07:00 11:00 15:00 19:00' }),
];

/** English names of every city with services, in first-seen order. */
export function servedCityNames(): string[] {
  return [...new Set(CORRIDORS.flatMap((c) => [c.a, c.b]))];
}
