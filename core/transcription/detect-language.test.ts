import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language";

const SAMPLES: Record<string, string> = {
  en: "The weather today is sunny and warm in the city, and I want to visit the old house near the river with you.",
  es: "El tiempo hoy es soleado y cálido en la ciudad, y quiero visitar la casa vieja que está cerca del río con mi hermano.",
  pt: "O tempo hoje está ensolarado e quente na cidade, e eu quero visitar a casa velha que fica perto do rio com você.",
  fr: "Le temps est ensoleillé et chaud dans la ville aujourd'hui, et je veux visiter la vieille maison près de la rivière avec vous.",
  de: "Das Wetter ist heute sonnig und warm in der Stadt, und ich möchte mit dir das alte Haus am Fluss besuchen.",
  it: "Il tempo oggi è soleggiato e caldo in città, e io voglio visitare la casa vecchia vicino al fiume con te perché mi piace.",
  nl: "Het weer is vandaag zonnig en warm in de stad, en ik wil met jou het oude huis bij de rivier bezoeken.",
  id: "Cuaca hari ini cerah dan hangat di kota, dan saya ingin mengunjungi rumah tua itu karena bisa melihat sungai.",
  ms: "Cuaca hari ini cerah dan panas di bandar, dan saya mahu melawat rumah lama itu kerana boleh melihat sungai.",
  tr: "Bugün şehirde hava güneşli ve sıcak, ben de nehrin yanındaki eski evi ziyaret etmek için çok istekliyim.",
  pl: "Pogoda dzisiaj jest słoneczna i ciepła w mieście, i chcę odwiedzić stary dom nad rzeką, bo to jest bardzo ładne.",
  sv: "Vädret är soligt och varmt i staden i dag, och jag vill besöka det gamla huset vid floden för att det är vackert.",
  da: "Vejret er solrigt og varmt i byen i dag, og jeg vil besøge det gamle hus ved floden, fordi det er meget smukt.",
  no: "Været er solfylt og varmt i byen i dag, og jeg vil besøke det gamle huset ved elva, fordi det er mye vakkert.",
  fi: "Sää on tänään aurinkoinen ja lämmin kaupungissa, ja minä haluan käydä vanhassa talossa joen rannalla, koska se on kaunis.",
  hu: "Az idő ma napos és meleg a városban, és szeretném meglátogatni a régi házat a folyó mellett, mert nagyon szép.",
  ro: "Vremea este însorită și caldă astăzi în oraș, și vreau să vizitez casa veche de lângă râu, care este foarte frumoasă.",
  cs: "Počasí je dnes ve městě slunečné a teplé, a já chci navštívit starý dům u řeky, protože je to tak krásné.",
  sk: "Počasie je dnes v meste slnečné a teplé, a ja chcem navštíviť starý dom pri rieke, pretože je to tiež pekné.",
  hr: "Vrijeme je danas sunčano i toplo u gradu, i ja želim posjetiti staru kuću kod rijeke jer je to samo lijepo.",
  fil: "Maaraw at mainit ang panahon ngayon sa lungsod, at gusto kong bisitahin ang lumang bahay sa tabi ng ilog.",
  vi: "Thời tiết hôm nay nắng và ấm trong thành phố, và tôi muốn đi thăm ngôi nhà cũ ở gần con sông.",
  ru: "Погода сегодня солнечная и тёплая в городе, и я хочу посетить старый дом у реки, потому что это очень красиво.",
  uk: "Погода сьогодні сонячна і тепла в місті, і я хочу відвідати старий будинок біля річки, бо це дуже гарно.",
  bg: "Времето днес е слънчево и топло в града, и аз искам да посетя старата къща до реката, защото е много красиво.",
  ja: "今日は街の天気が晴れていて暖かいので、川の近くの古い家を訪ねたいです。",
  zh: "今天城市里天气晴朗温暖，我想去参观河边的老房子。",
  ko: "오늘 도시의 날씨는 맑고 따뜻해서 강 근처의 오래된 집을 방문하고 싶어요.",
  hi: "आज शहर में मौसम धूप वाला और गर्म है, और मैं नदी के पास पुराने घर जाना चाहता हूँ।",
  ar: "الطقس اليوم مشمس ودافئ في المدينة، وأريد أن أزور البيت القديم بالقرب من النهر.",
  el: "Ο καιρός σήμερα είναι ηλιόλουστος και ζεστός στην πόλη, και θέλω να επισκεφτώ το παλιό σπίτι κοντά στο ποτάμι.",
  ta: "இன்று நகரத்தில் வானிலை வெயிலாகவும் சூடாகவும் உள்ளது, நான் ஆற்றின் அருகே உள்ள பழைய வீட்டைப் பார்க்க விரும்புகிறேன்.",
};

/** Languages told by a script only they write among the dubbing languages (a greeting each). */
const OWN_SCRIPTS: Record<string, string> = {
  he: "שלום, מה שלומך היום?",
  th: "สวัสดีครับ วันนี้อากาศดีมาก",
  ka: "გამარჯობა, როგორ ხარ დღეს?",
  hy: "Բարեւ, ինչպես ես այսօր:",
  te: "నమస్కారం, మీరు ఈ రోజు ఎలా ఉన్నారు?",
};

describe("detectLanguage", () => {
  it.each(Object.entries(OWN_SCRIPTS))("%s: names the language from its own script", (language, text) => {
    expect(detectLanguage(text)?.language).toBe(language);
  });

  it.each(Object.entries(SAMPLES))("%s: names the language of a sentence", (language, text) => {
    expect(detectLanguage(text)?.language).toBe(language);
  });

  it("does not guess without evidence", () => {
    expect(detectLanguage("")).toBeNull();
    expect(detectLanguage("12 34 !!")).toBeNull();
    expect(detectLanguage("Parlance")).toBeNull();
  });

  it("chooses among the candidates only, and reports how much of the evidence the winner holds", () => {
    const spanish = detectLanguage(SAMPLES.es!, ["en", "es"]);
    expect(spanish?.language).toBe("es");
    expect(spanish!.confidence).toBeGreaterThan(0.8);
    expect(detectLanguage(SAMPLES.ja!, ["en", "es"])).toBeNull();
  });
});
