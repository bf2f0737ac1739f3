/** Real airlines with their IATA codes and hub airports. */
const RAW = `
BA|British Airways|LHR,LGW
VS|Virgin Atlantic|LHR
AF|Air France|CDG
KL|KLM|AMS
LH|Lufthansa|FRA,MUC
LX|SWISS|ZRH
OS|Austrian Airlines|VIE
SN|Brussels Airlines|BRU
IB|Iberia|MAD
VY|Vueling|BCN
TP|TAP Air Portugal|LIS
AZ|ITA Airways|FCO
EI|Aer Lingus|DUB
SK|SAS|CPH,ARN,OSL
AY|Finnair|HEL
LO|LOT Polish Airlines|WAW
TK|Turkish Airlines|IST
A3|Aegean Airlines|ATH
FI|Icelandair|KEF
U2|easyJet|LGW
FR|Ryanair|STN,DUB
W6|Wizz Air|BUD
EK|Emirates|DXB
EY|Etihad Airways|AUH
QR|Qatar Airways|DOH
SV|Saudia|JED,RUH
WY|Oman Air|MCT
RJ|Royal Jordanian|AMM
LY|El Al|TLV
MS|EgyptAir|CAI
AT|Royal Air Maroc|CMN
ET|Ethiopian Airlines|ADD
KQ|Kenya Airways|NBO
SA|South African Airways|JNB
AI|Air India|DEL,BOM
6E|IndiGo|DEL
UL|SriLankan Airlines|CMB
TG|Thai Airways|BKK
SQ|Singapore Airlines|SIN
MH|Malaysia Airlines|KUL
GA|Garuda Indonesia|CGK
PR|Philippine Airlines|MNL
VN|Vietnam Airlines|SGN,HAN
CX|Cathay Pacific|HKG
CI|China Airlines|TPE
BR|EVA Air|TPE
CA|Air China|PEK
MU|China Eastern|PVG
CZ|China Southern|CAN
KE|Korean Air|ICN
OZ|Asiana Airlines|ICN
NH|ANA|HND,NRT
JL|Japan Airlines|HND,NRT
QF|Qantas|SYD,MEL
VA|Virgin Australia|BNE
NZ|Air New Zealand|AKL
FJ|Fiji Airways|NAN
AA|American Airlines|DFW,CLT,MIA
DL|Delta Air Lines|ATL,DTW,MSP
UA|United Airlines|ORD,EWR,SFO,IAH,DEN
AS|Alaska Airlines|SEA
B6|JetBlue|JFK,BOS
WN|Southwest Airlines|DEN,LAS
AC|Air Canada|YYZ,YVR,YUL
WS|WestJet|YYC
AM|Aeroméxico|MEX
CM|Copa Airlines|PTY
AV|Avianca|BOG
LA|LATAM Airlines|SCL,LIM,GRU
AR|Aerolíneas Argentinas|AEP,EZE
`;

export interface Airline {
  code: string;
  name: string;
  hubs: string[];
  /** Low-cost carriers fly short-haul only and sell no premium cabins. */
  lowCost: boolean;
}

const LOW_COST = new Set(['U2', 'FR', 'W6', 'VY', '6E', 'WN']);

export const AIRLINES: readonly Airline[] = RAW.trim()
  .split('\n')
  .map((line) => {
    const [code = '', name = '', hubs = ''] = line.split('|');
    return { code, name, hubs: hubs.split(','), lowCost: LOW_COST.has(code) };
  });

export const AIRLINE_BY_CODE: ReadonlyMap<string, Airline> = new Map(AIRLINES.map((a) => [a.code, a]));

export const AIRCRAFT = {
  short: [
    { code: '320', name: 'Airbus A320' },
    { code: '73H', name: 'Boeing 737-800' },
    { code: 'E90', name: 'Embraer 190' },
    { code: '32N', name: 'Airbus A320neo' },
  ],
  medium: [
    { code: '321', name: 'Airbus A321' },
    { code: '7M8', name: 'Boeing 737 MAX 8' },
    { code: '32Q', name: 'Airbus A321neo' },
  ],
  long: [
    { code: '789', name: 'Boeing 787-9' },
    { code: '359', name: 'Airbus A350-900' },
    { code: '77W', name: 'Boeing 777-300ER' },
    { code: '333', name: 'Airbus A330-300' },
    { code: '388', name: 'Airbus A380-800' },
  ],
} as const;
