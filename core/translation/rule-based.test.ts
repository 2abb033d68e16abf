import { describe, expect, it } from "vitest";
import { agreeAdjective, conjugate, gerund, ruleBasedCovers, spanishPlural, translateEnEs } from "./rule-based";

const es = (text: string) => translateEnEs(text).text;

describe("the embedded English-Spanish translator", () => {
  it("agrees articles and adjectives with the noun's gender and number, and puts adjectives after the noun", () => {
    expect(es("The red car is fast.")).toBe("El coche rojo es rápido.");
    expect(es("She has two big dogs.")).toBe("Ella tiene dos perros grandes.");
    expect(es("There is a small house near the river.")).toBe("Hay una casa pequeña cerca del río.");
    expect(es("The women are happy.")).toBe("Las mujeres están felices.");
    expect(es("a good day")).toBe("un buen día");
  });

  it("conjugates present, past, future, progressive and modal verb groups, and negation", () => {
    expect(es("I speak Spanish.")).toBe("Hablo español.");
    expect(es("He wrote a long letter to his mother.")).toBe("Él escribió una carta larga a su madre.");
    expect(es("We will visit the old city tomorrow.")).toBe("Visitaremos la ciudad vieja mañana.");
    expect(es("The children are playing in the garden.")).toBe("Los niños están jugando en el jardín.");
    expect(es("I want to learn a new language.")).toBe("Quiero aprender un idioma nuevo.");
    expect(es("My sister can sing very well.")).toBe("Mi hermana puede cantar muy bien.");
    expect(es("I don't like the cold weather.")).toBe("No me gusta el tiempo frío.");
    expect(es("I am tired.")).toBe("Estoy cansado.");
  });

  it("moves object pronouns before the verb, reads phrases whole and adds the opening question mark", () => {
    expect(es("I see him every day.")).toBe("Lo veo todos los días.");
    expect(es("Good morning, how are you?")).toBe("¿Buenos días, cómo estás?");
  });

  it("translates lower-case text without punctuation as the speech-to-text engine gives it", () => {
    expect(es("the weather today is sunny and warm in the city")).toBe("el tiempo hoy es soleado y cálido en la ciudad");
  });

  it("passes unknown words through and reports them", () => {
    expect(translateEnEs("Hello John, thank you very much!")).toEqual({ text: "¡Hola John, muchas gracias!", unknownWords: ["John"] });
  });

  it("has the morphology rules on their own", () => {
    expect(spanishPlural("canción")).toBe("canciones");
    expect(spanishPlural("luz")).toBe("luces");
    expect(agreeAdjective("pequeño", "f", true)).toBe("pequeñas");
    expect(agreeAdjective("feliz", "f", true)).toBe("felices");
    expect(conjugate("hablar", "preterite", 2)).toBe("habló");
    expect(conjugate("llegar", "preterite", 0)).toBe("llegué");
    expect(conjugate("tener", "future", 3)).toBe("tendremos");
    expect(gerund("comer")).toBe("comiendo");
    expect(ruleBasedCovers("en", "es")).toBe(true);
    expect(ruleBasedCovers("es", "en")).toBe(false);
  });
});
