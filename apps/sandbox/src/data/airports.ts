/**
 * Real airports: IATA code, name, metropolitan city code, city, country, coordinates and IANA time zone.
 * One line each, to keep the list readable and easy to extend.
 */
const RAW = `
LHR|Heathrow|LON|London|GB|United Kingdom|51.4700|-0.4543|Europe/London
LGW|Gatwick|LON|London|GB|United Kingdom|51.1537|-0.1821|Europe/London
STN|Stansted|LON|London|GB|United Kingdom|51.8860|0.2389|Europe/London
LCY|London City|LON|London|GB|United Kingdom|51.5048|0.0495|Europe/London
MAN|Manchester|MAN|Manchester|GB|United Kingdom|53.3537|-2.2750|Europe/London
EDI|Edinburgh|EDI|Edinburgh|GB|United Kingdom|55.9500|-3.3725|Europe/London
DUB|Dublin|DUB|Dublin|IE|Ireland|53.4213|-6.2701|Europe/Dublin
CDG|Charles de Gaulle|PAR|Paris|FR|France|49.0097|2.5479|Europe/Paris
ORY|Orly|PAR|Paris|FR|France|48.7262|2.3652|Europe/Paris
NCE|Nice Côte d'Azur|NCE|Nice|FR|France|43.6584|7.2159|Europe/Paris
LYS|Lyon-Saint Exupéry|LYS|Lyon|FR|France|45.7256|5.0811|Europe/Paris
MRS|Marseille Provence|MRS|Marseille|FR|France|43.4393|5.2214|Europe/Paris
AMS|Amsterdam Schiphol|AMS|Amsterdam|NL|Netherlands|52.3105|4.7683|Europe/Amsterdam
BRU|Brussels|BRU|Brussels|BE|Belgium|50.9014|4.4844|Europe/Brussels
FRA|Frankfurt|FRA|Frankfurt|DE|Germany|50.0379|8.5622|Europe/Berlin
MUC|Munich|MUC|Munich|DE|Germany|48.3537|11.7750|Europe/Berlin
BER|Berlin Brandenburg|BER|Berlin|DE|Germany|52.3667|13.5033|Europe/Berlin
HAM|Hamburg|HAM|Hamburg|DE|Germany|53.6304|9.9882|Europe/Berlin
DUS|Düsseldorf|DUS|Düsseldorf|DE|Germany|51.2895|6.7668|Europe/Berlin
ZRH|Zurich|ZRH|Zurich|CH|Switzerland|47.4582|8.5555|Europe/Zurich
GVA|Geneva|GVA|Geneva|CH|Switzerland|46.2381|6.1090|Europe/Zurich
VIE|Vienna|VIE|Vienna|AT|Austria|48.1103|16.5697|Europe/Vienna
MAD|Adolfo Suárez Madrid-Barajas|MAD|Madrid|ES|Spain|40.4983|-3.5676|Europe/Madrid
BCN|Barcelona-El Prat|BCN|Barcelona|ES|Spain|41.2974|2.0833|Europe/Madrid
PMI|Palma de Mallorca|PMI|Palma de Mallorca|ES|Spain|39.5517|2.7388|Europe/Madrid
AGP|Málaga-Costa del Sol|AGP|Málaga|ES|Spain|36.6749|-4.4991|Europe/Madrid
LIS|Lisbon Humberto Delgado|LIS|Lisbon|PT|Portugal|38.7813|-9.1359|Europe/Lisbon
OPO|Porto Francisco Sá Carneiro|OPO|Porto|PT|Portugal|41.2481|-8.6814|Europe/Lisbon
FCO|Rome Fiumicino|ROM|Rome|IT|Italy|41.8003|12.2389|Europe/Rome
CIA|Rome Ciampino|ROM|Rome|IT|Italy|41.7994|12.5949|Europe/Rome
MXP|Milan Malpensa|MIL|Milan|IT|Italy|45.6306|8.7281|Europe/Rome
LIN|Milan Linate|MIL|Milan|IT|Italy|45.4451|9.2767|Europe/Rome
VCE|Venice Marco Polo|VCE|Venice|IT|Italy|45.5053|12.3519|Europe/Rome
NAP|Naples|NAP|Naples|IT|Italy|40.8860|14.2908|Europe/Rome
ATH|Athens Eleftherios Venizelos|ATH|Athens|GR|Greece|37.9364|23.9445|Europe/Athens
IST|Istanbul|IST|Istanbul|TR|Türkiye|41.2753|28.7519|Europe/Istanbul
SAW|Sabiha Gökçen|IST|Istanbul|TR|Türkiye|40.8986|29.3092|Europe/Istanbul
AYT|Antalya|AYT|Antalya|TR|Türkiye|36.8987|30.8005|Europe/Istanbul
CPH|Copenhagen|CPH|Copenhagen|DK|Denmark|55.6180|12.6508|Europe/Copenhagen
ARN|Stockholm Arlanda|STO|Stockholm|SE|Sweden|59.6519|17.9186|Europe/Stockholm
OSL|Oslo Gardermoen|OSL|Oslo|NO|Norway|60.1976|11.1004|Europe/Oslo
HEL|Helsinki-Vantaa|HEL|Helsinki|FI|Finland|60.3172|24.9633|Europe/Helsinki
KEF|Keflavík|REK|Reykjavik|IS|Iceland|63.9850|-22.6056|Atlantic/Reykjavik
WAW|Warsaw Chopin|WAW|Warsaw|PL|Poland|52.1657|20.9671|Europe/Warsaw
KRK|Kraków John Paul II|KRK|Kraków|PL|Poland|50.0777|19.7848|Europe/Warsaw
PRG|Václav Havel Prague|PRG|Prague|CZ|Czechia|50.1008|14.2600|Europe/Prague
BUD|Budapest Ferenc Liszt|BUD|Budapest|HU|Hungary|47.4298|19.2611|Europe/Budapest
OTP|Bucharest Henri Coandă|BUH|Bucharest|RO|Romania|44.5711|26.0850|Europe/Bucharest
SOF|Sofia|SOF|Sofia|BG|Bulgaria|42.6967|23.4114|Europe/Sofia
BEG|Belgrade Nikola Tesla|BEG|Belgrade|RS|Serbia|44.8184|20.3091|Europe/Belgrade
ZAG|Zagreb Franjo Tuđman|ZAG|Zagreb|HR|Croatia|45.7429|16.0688|Europe/Zagreb
DBV|Dubrovnik|DBV|Dubrovnik|HR|Croatia|42.5614|18.2682|Europe/Zagreb
RIX|Riga|RIX|Riga|LV|Latvia|56.9236|23.9711|Europe/Riga
VNO|Vilnius|VNO|Vilnius|LT|Lithuania|54.6341|25.2858|Europe/Vilnius
TLL|Tallinn Lennart Meri|TLL|Tallinn|EE|Estonia|59.4133|24.8328|Europe/Tallinn
LCA|Larnaca|LCA|Larnaca|CY|Cyprus|34.8751|33.6249|Asia/Nicosia
MLA|Malta|MLA|Valletta|MT|Malta|35.8575|14.4775|Europe/Malta
DXB|Dubai|DXB|Dubai|AE|United Arab Emirates|25.2532|55.3657|Asia/Dubai
AUH|Zayed International|AUH|Abu Dhabi|AE|United Arab Emirates|24.4330|54.6511|Asia/Dubai
DOH|Hamad International|DOH|Doha|QA|Qatar|25.2731|51.6081|Asia/Qatar
BAH|Bahrain|BAH|Manama|BH|Bahrain|26.2708|50.6336|Asia/Bahrain
RUH|King Khalid|RUH|Riyadh|SA|Saudi Arabia|24.9576|46.6988|Asia/Riyadh
JED|King Abdulaziz|JED|Jeddah|SA|Saudi Arabia|21.6796|39.1565|Asia/Riyadh
MCT|Muscat|MCT|Muscat|OM|Oman|23.5933|58.2844|Asia/Muscat
KWI|Kuwait|KWI|Kuwait City|KW|Kuwait|29.2266|47.9689|Asia/Kuwait
AMM|Queen Alia|AMM|Amman|JO|Jordan|31.7226|35.9932|Asia/Amman
TLV|Ben Gurion|TLV|Tel Aviv|IL|Israel|32.0114|34.8867|Asia/Jerusalem
CAI|Cairo|CAI|Cairo|EG|Egypt|30.1219|31.4056|Africa/Cairo
HRG|Hurghada|HRG|Hurghada|EG|Egypt|27.1783|33.7994|Africa/Cairo
CMN|Mohammed V|CAS|Casablanca|MA|Morocco|33.3675|-7.5900|Africa/Casablanca
RAK|Marrakesh Menara|RAK|Marrakesh|MA|Morocco|31.6069|-8.0363|Africa/Casablanca
TUN|Tunis-Carthage|TUN|Tunis|TN|Tunisia|36.8510|10.2272|Africa/Tunis
ALG|Houari Boumediene|ALG|Algiers|DZ|Algeria|36.6910|3.2154|Africa/Algiers
ADD|Addis Ababa Bole|ADD|Addis Ababa|ET|Ethiopia|8.9779|38.7993|Africa/Addis_Ababa
NBO|Jomo Kenyatta|NBO|Nairobi|KE|Kenya|-1.3192|36.9278|Africa/Nairobi
JNB|O. R. Tambo|JNB|Johannesburg|ZA|South Africa|-26.1392|28.2460|Africa/Johannesburg
CPT|Cape Town|CPT|Cape Town|ZA|South Africa|-33.9715|18.6021|Africa/Johannesburg
LOS|Murtala Muhammed|LOS|Lagos|NG|Nigeria|6.5774|3.3212|Africa/Lagos
ACC|Kotoka|ACC|Accra|GH|Ghana|5.6052|-0.1668|Africa/Accra
DSS|Blaise Diagne|DKR|Dakar|SN|Senegal|14.6700|-17.0733|Africa/Dakar
DAR|Julius Nyerere|DAR|Dar es Salaam|TZ|Tanzania|-6.8781|39.2026|Africa/Dar_es_Salaam
ZNZ|Abeid Amani Karume|ZNZ|Zanzibar|TZ|Tanzania|-6.2220|39.2249|Africa/Dar_es_Salaam
MRU|Sir Seewoosagur Ramgoolam|MRU|Mauritius|MU|Mauritius|-20.4302|57.6836|Indian/Mauritius
SEZ|Seychelles|SEZ|Mahé|SC|Seychelles|-4.6743|55.5218|Indian/Mahe
DEL|Indira Gandhi|DEL|Delhi|IN|India|28.5562|77.1000|Asia/Kolkata
BOM|Chhatrapati Shivaji Maharaj|BOM|Mumbai|IN|India|19.0896|72.8656|Asia/Kolkata
BLR|Kempegowda|BLR|Bengaluru|IN|India|13.1986|77.7066|Asia/Kolkata
MAA|Chennai|MAA|Chennai|IN|India|12.9941|80.1709|Asia/Kolkata
CCU|Netaji Subhas Chandra Bose|CCU|Kolkata|IN|India|22.6547|88.4467|Asia/Kolkata
HYD|Rajiv Gandhi|HYD|Hyderabad|IN|India|17.2403|78.4294|Asia/Kolkata
GOI|Dabolim|GOI|Goa|IN|India|15.3808|73.8314|Asia/Kolkata
CMB|Bandaranaike|CMB|Colombo|LK|Sri Lanka|7.1808|79.8841|Asia/Colombo
MLE|Velana|MLE|Malé|MV|Maldives|4.1918|73.5291|Indian/Maldives
KTM|Tribhuvan|KTM|Kathmandu|NP|Nepal|27.6966|85.3591|Asia/Kathmandu
DAC|Hazrat Shahjalal|DAC|Dhaka|BD|Bangladesh|23.8433|90.3978|Asia/Dhaka
KHI|Jinnah|KHI|Karachi|PK|Pakistan|24.9065|67.1608|Asia/Karachi
ISB|Islamabad|ISB|Islamabad|PK|Pakistan|33.5491|72.8258|Asia/Karachi
BKK|Suvarnabhumi|BKK|Bangkok|TH|Thailand|13.6900|100.7501|Asia/Bangkok
DMK|Don Mueang|BKK|Bangkok|TH|Thailand|13.9126|100.6068|Asia/Bangkok
HKT|Phuket|HKT|Phuket|TH|Thailand|8.1132|98.3169|Asia/Bangkok
CNX|Chiang Mai|CNX|Chiang Mai|TH|Thailand|18.7668|98.9626|Asia/Bangkok
SIN|Changi|SIN|Singapore|SG|Singapore|1.3644|103.9915|Asia/Singapore
KUL|Kuala Lumpur|KUL|Kuala Lumpur|MY|Malaysia|2.7456|101.7099|Asia/Kuala_Lumpur
CGK|Soekarno-Hatta|JKT|Jakarta|ID|Indonesia|-6.1256|106.6559|Asia/Jakarta
DPS|I Gusti Ngurah Rai|DPS|Denpasar|ID|Indonesia|-8.7482|115.1672|Asia/Makassar
MNL|Ninoy Aquino|MNL|Manila|PH|Philippines|14.5086|121.0194|Asia/Manila
CEB|Mactan-Cebu|CEB|Cebu|PH|Philippines|10.3075|123.9790|Asia/Manila
SGN|Tan Son Nhat|SGN|Ho Chi Minh City|VN|Vietnam|10.8188|106.6520|Asia/Ho_Chi_Minh
HAN|Noi Bai|HAN|Hanoi|VN|Vietnam|21.2212|105.8072|Asia/Ho_Chi_Minh
PNH|Phnom Penh|PNH|Phnom Penh|KH|Cambodia|11.5466|104.8441|Asia/Phnom_Penh
RGN|Yangon|RGN|Yangon|MM|Myanmar|16.9073|96.1332|Asia/Yangon
HKG|Hong Kong|HKG|Hong Kong|HK|Hong Kong|22.3080|113.9185|Asia/Hong_Kong
MFM|Macau|MFM|Macau|MO|Macau|22.1496|113.5916|Asia/Macau
TPE|Taoyuan|TPE|Taipei|TW|Taiwan|25.0777|121.2328|Asia/Taipei
PEK|Beijing Capital|BJS|Beijing|CN|China|40.0799|116.6031|Asia/Shanghai
PKX|Beijing Daxing|BJS|Beijing|CN|China|39.5098|116.4105|Asia/Shanghai
PVG|Shanghai Pudong|SHA|Shanghai|CN|China|31.1443|121.8083|Asia/Shanghai
SHA|Shanghai Hongqiao|SHA|Shanghai|CN|China|31.1979|121.3363|Asia/Shanghai
CAN|Guangzhou Baiyun|CAN|Guangzhou|CN|China|23.3924|113.2988|Asia/Shanghai
SZX|Shenzhen Bao'an|SZX|Shenzhen|CN|China|22.6393|113.8107|Asia/Shanghai
CTU|Chengdu Shuangliu|CTU|Chengdu|CN|China|30.5785|103.9471|Asia/Shanghai
ICN|Incheon|SEL|Seoul|KR|South Korea|37.4602|126.4407|Asia/Seoul
GMP|Gimpo|SEL|Seoul|KR|South Korea|37.5583|126.7906|Asia/Seoul
PUS|Gimhae|PUS|Busan|KR|South Korea|35.1795|128.9382|Asia/Seoul
NRT|Narita|TYO|Tokyo|JP|Japan|35.7720|140.3929|Asia/Tokyo
HND|Haneda|TYO|Tokyo|JP|Japan|35.5494|139.7798|Asia/Tokyo
KIX|Kansai|OSA|Osaka|JP|Japan|34.4320|135.2304|Asia/Tokyo
ITM|Itami|OSA|Osaka|JP|Japan|34.7855|135.4380|Asia/Tokyo
FUK|Fukuoka|FUK|Fukuoka|JP|Japan|33.5859|130.4510|Asia/Tokyo
CTS|New Chitose|SPK|Sapporo|JP|Japan|42.7752|141.6923|Asia/Tokyo
ULN|Chinggis Khaan|ULN|Ulaanbaatar|MN|Mongolia|47.6467|106.8196|Asia/Ulaanbaatar
ALA|Almaty|ALA|Almaty|KZ|Kazakhstan|43.3521|77.0405|Asia/Almaty
TAS|Tashkent|TAS|Tashkent|UZ|Uzbekistan|41.2579|69.2812|Asia/Tashkent
GYD|Heydar Aliyev|BAK|Baku|AZ|Azerbaijan|40.4675|50.0467|Asia/Baku
TBS|Tbilisi|TBS|Tbilisi|GE|Georgia|41.6692|44.9547|Asia/Tbilisi
EVN|Zvartnots|EVN|Yerevan|AM|Armenia|40.1473|44.3959|Asia/Yerevan
SYD|Sydney Kingsford Smith|SYD|Sydney|AU|Australia|-33.9461|151.1772|Australia/Sydney
MEL|Melbourne|MEL|Melbourne|AU|Australia|-37.6690|144.8410|Australia/Melbourne
BNE|Brisbane|BNE|Brisbane|AU|Australia|-27.3842|153.1175|Australia/Brisbane
PER|Perth|PER|Perth|AU|Australia|-31.9403|115.9669|Australia/Perth
ADL|Adelaide|ADL|Adelaide|AU|Australia|-34.9450|138.5306|Australia/Adelaide
OOL|Gold Coast|OOL|Gold Coast|AU|Australia|-28.1644|153.5047|Australia/Brisbane
CNS|Cairns|CNS|Cairns|AU|Australia|-16.8858|145.7552|Australia/Brisbane
AKL|Auckland|AKL|Auckland|NZ|New Zealand|-37.0082|174.7850|Pacific/Auckland
CHC|Christchurch|CHC|Christchurch|NZ|New Zealand|-43.4894|172.5322|Pacific/Auckland
WLG|Wellington|WLG|Wellington|NZ|New Zealand|-41.3272|174.8053|Pacific/Auckland
NAN|Nadi|NAN|Nadi|FJ|Fiji|-17.7554|177.4431|Pacific/Fiji
PPT|Faa'a|PPT|Papeete|PF|French Polynesia|-17.5537|-149.6065|Pacific/Tahiti
JFK|John F. Kennedy|NYC|New York|US|United States|40.6413|-73.7781|America/New_York
EWR|Newark Liberty|NYC|New York|US|United States|40.6895|-74.1745|America/New_York
LGA|LaGuardia|NYC|New York|US|United States|40.7769|-73.8740|America/New_York
BOS|Logan|BOS|Boston|US|United States|42.3656|-71.0096|America/New_York
IAD|Washington Dulles|WAS|Washington|US|United States|38.9531|-77.4565|America/New_York
DCA|Ronald Reagan Washington National|WAS|Washington|US|United States|38.8512|-77.0402|America/New_York
PHL|Philadelphia|PHL|Philadelphia|US|United States|39.8744|-75.2424|America/New_York
ATL|Hartsfield-Jackson Atlanta|ATL|Atlanta|US|United States|33.6407|-84.4277|America/New_York
MIA|Miami|MIA|Miami|US|United States|25.7959|-80.2870|America/New_York
MCO|Orlando|ORL|Orlando|US|United States|28.4312|-81.3081|America/New_York
FLL|Fort Lauderdale-Hollywood|FLL|Fort Lauderdale|US|United States|26.0742|-80.1506|America/New_York
CLT|Charlotte Douglas|CLT|Charlotte|US|United States|35.2144|-80.9473|America/New_York
DTW|Detroit Metropolitan|DTT|Detroit|US|United States|42.2162|-83.3554|America/Detroit
ORD|O'Hare|CHI|Chicago|US|United States|41.9742|-87.9073|America/Chicago
MDW|Midway|CHI|Chicago|US|United States|41.7868|-87.7522|America/Chicago
MSP|Minneapolis-Saint Paul|MSP|Minneapolis|US|United States|44.8848|-93.2223|America/Chicago
DFW|Dallas/Fort Worth|DFW|Dallas|US|United States|32.8998|-97.0403|America/Chicago
IAH|George Bush Intercontinental|HOU|Houston|US|United States|29.9902|-95.3368|America/Chicago
AUS|Austin-Bergstrom|AUS|Austin|US|United States|30.1975|-97.6664|America/Chicago
MSY|Louis Armstrong New Orleans|MSY|New Orleans|US|United States|29.9934|-90.2580|America/Chicago
DEN|Denver|DEN|Denver|US|United States|39.8561|-104.6737|America/Denver
PHX|Phoenix Sky Harbor|PHX|Phoenix|US|United States|33.4352|-112.0101|America/Phoenix
LAS|Harry Reid|LAS|Las Vegas|US|United States|36.0840|-115.1537|America/Los_Angeles
SLC|Salt Lake City|SLC|Salt Lake City|US|United States|40.7899|-111.9791|America/Denver
LAX|Los Angeles|LAX|Los Angeles|US|United States|33.9416|-118.4085|America/Los_Angeles
SFO|San Francisco|SFO|San Francisco|US|United States|37.6213|-122.3790|America/Los_Angeles
SAN|San Diego|SAN|San Diego|US|United States|32.7338|-117.1933|America/Los_Angeles
SEA|Seattle-Tacoma|SEA|Seattle|US|United States|47.4502|-122.3088|America/Los_Angeles
PDX|Portland|PDX|Portland|US|United States|45.5898|-122.5951|America/Los_Angeles
HNL|Daniel K. Inouye|HNL|Honolulu|US|United States|21.3187|-157.9225|Pacific/Honolulu
ANC|Ted Stevens Anchorage|ANC|Anchorage|US|United States|61.1743|-149.9962|America/Anchorage
YYZ|Toronto Pearson|YTO|Toronto|CA|Canada|43.6777|-79.6248|America/Toronto
YUL|Montréal-Trudeau|YMQ|Montreal|CA|Canada|45.4706|-73.7408|America/Toronto
YVR|Vancouver|YVR|Vancouver|CA|Canada|49.1967|-123.1815|America/Vancouver
YYC|Calgary|YYC|Calgary|CA|Canada|51.1215|-114.0076|America/Edmonton
YOW|Ottawa Macdonald-Cartier|YOW|Ottawa|CA|Canada|45.3225|-75.6692|America/Toronto
MEX|Mexico City|MEX|Mexico City|MX|Mexico|19.4361|-99.0719|America/Mexico_City
CUN|Cancún|CUN|Cancún|MX|Mexico|21.0365|-86.8771|America/Cancun
GDL|Guadalajara|GDL|Guadalajara|MX|Mexico|20.5218|-103.3112|America/Mexico_City
PTY|Tocumen|PTY|Panama City|PA|Panama|9.0714|-79.3835|America/Panama
SJO|Juan Santamaría|SJO|San José|CR|Costa Rica|9.9939|-84.2088|America/Costa_Rica
HAV|José Martí|HAV|Havana|CU|Cuba|22.9892|-82.4091|America/Havana
SJU|Luis Muñoz Marín|SJU|San Juan|PR|Puerto Rico|18.4394|-66.0018|America/Puerto_Rico
PUJ|Punta Cana|PUJ|Punta Cana|DO|Dominican Republic|18.5674|-68.3634|America/Santo_Domingo
MBJ|Sangster|MBJ|Montego Bay|JM|Jamaica|18.5037|-77.9134|America/Jamaica
NAS|Lynden Pindling|NAS|Nassau|BS|Bahamas|25.0390|-77.4662|America/Nassau
BOG|El Dorado|BOG|Bogotá|CO|Colombia|4.7016|-74.1469|America/Bogota
MDE|José María Córdova|MDE|Medellín|CO|Colombia|6.1645|-75.4231|America/Bogota
CTG|Rafael Núñez|CTG|Cartagena|CO|Colombia|10.4424|-75.5130|America/Bogota
LIM|Jorge Chávez|LIM|Lima|PE|Peru|-12.0219|-77.1143|America/Lima
CUZ|Alejandro Velasco Astete|CUZ|Cusco|PE|Peru|-13.5357|-71.9388|America/Lima
UIO|Mariscal Sucre|UIO|Quito|EC|Ecuador|-0.1292|-78.3575|America/Guayaquil
SCL|Arturo Merino Benítez|SCL|Santiago|CL|Chile|-33.3930|-70.7858|America/Santiago
EZE|Ministro Pistarini|BUE|Buenos Aires|AR|Argentina|-34.8222|-58.5358|America/Argentina/Buenos_Aires
AEP|Jorge Newbery|BUE|Buenos Aires|AR|Argentina|-34.5592|-58.4156|America/Argentina/Buenos_Aires
GRU|São Paulo-Guarulhos|SAO|São Paulo|BR|Brazil|-23.4356|-46.4731|America/Sao_Paulo
GIG|Rio de Janeiro-Galeão|RIO|Rio de Janeiro|BR|Brazil|-22.8100|-43.2506|America/Sao_Paulo
BSB|Brasília|BSB|Brasília|BR|Brazil|-15.8697|-47.9208|America/Sao_Paulo
MVD|Carrasco|MVD|Montevideo|UY|Uruguay|-34.8384|-56.0308|America/Montevideo
ASU|Silvio Pettirossi|ASU|Asunción|PY|Paraguay|-25.2400|-57.5190|America/Asuncion
VVI|Viru Viru|SRZ|Santa Cruz|BO|Bolivia|-17.6448|-63.1354|America/La_Paz
`;

export interface Airport {
  code: string;
  name: string;
  cityCode: string;
  city: string;
  countryCode: string;
  country: string;
  lat: number;
  lon: number;
  timeZone: string;
}

export const AIRPORTS: readonly Airport[] = RAW.trim()
  .split('\n')
  .map((line) => {
    const [
      code = '',
      name = '',
      cityCode = '',
      city = '',
      countryCode = '',
      country = '',
      lat = '',
      lon = '',
      timeZone = '',
    ] = line.split('|');
    return { code, name, cityCode, city, countryCode, country, lat: Number(lat), lon: Number(lon), timeZone };
  });

export const AIRPORT_BY_CODE: ReadonlyMap<string, Airport> = new Map(AIRPORTS.map((a) => [a.code, a]));

/** Airports of a metropolitan city code (LON: LHR, LGW, STN, LCY), or the airport itself. */
export function airportsFor(code: string): Airport[] {
  const airport = AIRPORT_BY_CODE.get(code);
  const city = AIRPORTS.filter((a) => a.cityCode === code);
  if (city.length > 0) return city;
  return airport ? [airport] : [];
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Pick<Airport, 'lat' | 'lon'>, b: Pick<Airport, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
