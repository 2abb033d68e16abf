// The English-Spanish lexicon of the embedded rule-based translator (core/translation/rule-based.ts). Entries
// are compact strings so the list stays readable: one line per word class, "english=spanish" pairs.

/** Nouns: "english=spanish/gender" (m or f); an irregular Spanish plural follows a second slash. */
const NOUNS = `
man=hombre/m woman=mujer/f child=niño/m boy=niño/m girl=niña/f person=persona/f people=gente/f friend=amigo/m
family=familia/f mother=madre/f father=padre/m brother=hermano/m sister=hermana/f son=hijo/m daughter=hija/f
house=casa/f home=casa/f car=coche/m dog=perro/m cat=gato/m city=ciudad/f town=pueblo/m country=país/m/países
world=mundo/m day=día/m night=noche/f morning=mañana/f afternoon=tarde/f evening=tarde/f week=semana/f
month=mes/m/meses year=año/m time=tiempo/m hour=hora/f minute=minuto/m moment=momento/m today=hoy/m
water=agua/f food=comida/f bread=pan/m/panes coffee=café/m tea=té/m book=libro/m letter=carta/f word=palabra/f
street=calle/f road=camino/m school=escuela/f work=trabajo/m job=trabajo/m office=oficina/f door=puerta/f
window=ventana/f table=mesa/f chair=silla/f room=habitación/f/habitaciones kitchen=cocina/f garden=jardín/m/jardines
sun=sol/m/soles rain=lluvia/f weather=tiempo/m sky=cielo/m sea=mar/m/mares river=río/m mountain=montaña/f tree=árbol/m/árboles
flower=flor/f/flores music=música/f song=canción/f/canciones story=historia/f voice=voz/f/voces language=idioma/m
name=nombre/m question=pregunta/f answer=respuesta/f problem=problema/m idea=idea/f thing=cosa/f way=manera/f
money=dinero/m price=precio/m store=tienda/f shop=tienda/f market=mercado/m restaurant=restaurante/m
doctor=médico/m teacher=profesor/m student=estudiante/m team=equipo/m game=juego/m film=película/f movie=película/f
video=vídeo/m picture=imagen/f/imágenes phone=teléfono/m computer=ordenador/m train=tren/m/trenes plane=avión/m/aviones
ticket=billete/m hotel=hotel/m/hoteles beach=playa/f party=fiesta/f meeting=reunión/f/reuniones news=noticias/f
life=vida/f love=amor/m/amores heart=corazón/m/corazones head=cabeza/f hand=mano/f eye=ojo/m face=cara/f
color=color/m/colores colour=color/m/colores light=luz/f/luces place=lugar/m/lugares end=fin/m/fines part=parte/f
number=número/m line=línea/f side=lado/m group=grupo/m company=empresa/f product=producto/m service=servicio/m
customer=cliente/m project=proyecto/m plan=plan/m/planes report=informe/m result=resultado/m example=ejemplo/m
weekend=fin_de_semana/m/fines_de_semana spanish=español/m english=inglés/m french=francés/m german=alemán/m breakfast=desayuno/m lunch=almuerzo/m dinner=cena/f
`;

/** Adjectives: "english=spanish" in the masculine singular (agreement makes the rest). */
const ADJECTIVES = `
good=bueno bad=malo big=grande large=grande small=pequeño little=pequeño new=nuevo old=viejo young=joven
beautiful=hermoso pretty=bonito ugly=feo happy=feliz sad=triste tired=cansado hungry=hambriento busy=ocupado
red=rojo blue=azul green=verde white=blanco black=negro yellow=amarillo brown=marrón grey=gris gray=gris
hot=caliente cold=frío warm=cálido cool=fresco sunny=soleado cloudy=nublado long=largo short=corto tall=alto
high=alto low=bajo fast=rápido quick=rápido slow=lento easy=fácil difficult=difícil hard=difícil important=importante
interesting=interesante boring=aburrido funny=divertido quiet=tranquilo loud=ruidoso clean=limpio dirty=sucio
rich=rico poor=pobre strong=fuerte weak=débil full=lleno empty=vacío open=abierto closed=cerrado ready=listo
free=libre expensive=caro cheap=barato late=tarde early=temprano right=correcto wrong=incorrecto true=verdadero
first=primero last=último next=próximo other=otro same=mismo different=diferente great=genial nice=agradable
kind=amable dark=oscuro bright=brillante safe=seguro dangerous=peligroso beautiful=hermoso wonderful=maravilloso
`;

/**
 * Verbs: "english=spanish infinitive"; the English past tense and participle are read from IRREGULAR_PAST
 * or the -ed ending, the Spanish forms from the infinitive's ending or IRREGULAR_ES.
 */
const VERBS = `
speak=hablar talk=hablar say=decir tell=decir ask=preguntar answer=responder call=llamar listen=escuchar hear=oír
see=ver look=mirar watch=mirar read=leer write=escribir learn=aprender study=estudiar teach=enseñar understand=entender
know=saber think=pensar believe=creer want=querer need=necesitar like=gustar love=amar hope=esperar wait=esperar
go=ir come=venir arrive=llegar leave=salir walk=caminar run=correr drive=conducir travel=viajar fly=volar
eat=comer drink=beber cook=cocinar sleep=dormir live=vivir work=trabajar play=jugar sing=cantar dance=bailar
buy=comprar sell=vender pay=pagar give=dar take=tomar bring=traer send=enviar find=encontrar lose=perder
open=abrir close=cerrar start=empezar begin=empezar finish=terminar stop=parar help=ayudar use=usar make=hacer
do=hacer have=tener be=ser can=poder must=deber win=ganar try=intentar change=cambiar move=mover visit=visitar
remember=recordar forget=olvidar feel=sentir put=poner open=abrir close=cerrar rain=llover clean=limpiar
`;

/** English past forms that are not base + -ed. */
export const IRREGULAR_PAST: Record<string, string> = Object.fromEntries(
  `said:say told:tell heard:hear saw:see seen:see read:read wrote:write written:write understood:understand knew:know
   known:know thought:think went:go gone:go came:come left:leave ran:run drove:drive driven:drive flew:fly flown:fly
   ate:eat eaten:eat drank:drink drunk:drink slept:sleep bought:buy sold:sell paid:pay gave:give given:give took:take
   taken:take brought:bring sent:send found:find lost:lose began:begin begun:begin made:make did:do done:do had:have
   won:win felt:feel put:put sang:sing sung:sing taught:teach spoke:speak spoken:speak`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split(":") as [string, string]),
);

/** Person order of every Spanish tense table: yo, tú, él/ella/usted, nosotros, vosotros, ellos/ellas/ustedes. */
export type Tense = "present" | "preterite" | "future";

/** Spanish verbs whose present or preterite does not follow their ending (future stems too). */
export const IRREGULAR_ES: Record<string, Partial<Record<Tense, string[]>> & { futureStem?: string }> = {
  ser: { present: ["soy", "eres", "es", "somos", "sois", "son"], preterite: ["fui", "fuiste", "fue", "fuimos", "fuisteis", "fueron"] },
  estar: { present: ["estoy", "estás", "está", "estamos", "estáis", "están"], preterite: ["estuve", "estuviste", "estuvo", "estuvimos", "estuvisteis", "estuvieron"] },
  tener: { present: ["tengo", "tienes", "tiene", "tenemos", "tenéis", "tienen"], preterite: ["tuve", "tuviste", "tuvo", "tuvimos", "tuvisteis", "tuvieron"], futureStem: "tendr" },
  ir: { present: ["voy", "vas", "va", "vamos", "vais", "van"], preterite: ["fui", "fuiste", "fue", "fuimos", "fuisteis", "fueron"] },
  hacer: { present: ["hago", "haces", "hace", "hacemos", "hacéis", "hacen"], preterite: ["hice", "hiciste", "hizo", "hicimos", "hicisteis", "hicieron"], futureStem: "har" },
  poder: { present: ["puedo", "puedes", "puede", "podemos", "podéis", "pueden"], preterite: ["pude", "pudiste", "pudo", "pudimos", "pudisteis", "pudieron"], futureStem: "podr" },
  querer: { present: ["quiero", "quieres", "quiere", "queremos", "queréis", "quieren"], preterite: ["quise", "quisiste", "quiso", "quisimos", "quisisteis", "quisieron"], futureStem: "querr" },
  decir: { present: ["digo", "dices", "dice", "decimos", "decís", "dicen"], preterite: ["dije", "dijiste", "dijo", "dijimos", "dijisteis", "dijeron"], futureStem: "dir" },
  ver: { present: ["veo", "ves", "ve", "vemos", "veis", "ven"], preterite: ["vi", "viste", "vio", "vimos", "visteis", "vieron"] },
  saber: { present: ["sé", "sabes", "sabe", "sabemos", "sabéis", "saben"], preterite: ["supe", "supiste", "supo", "supimos", "supisteis", "supieron"], futureStem: "sabr" },
  venir: { present: ["vengo", "vienes", "viene", "venimos", "venís", "vienen"], preterite: ["vine", "viniste", "vino", "vinimos", "vinisteis", "vinieron"], futureStem: "vendr" },
  salir: { present: ["salgo", "sales", "sale", "salimos", "salís", "salen"], futureStem: "saldr" },
  poner: { present: ["pongo", "pones", "pone", "ponemos", "ponéis", "ponen"], preterite: ["puse", "pusiste", "puso", "pusimos", "pusisteis", "pusieron"], futureStem: "pondr" },
  dar: { present: ["doy", "das", "da", "damos", "dais", "dan"], preterite: ["di", "diste", "dio", "dimos", "disteis", "dieron"] },
  oír: { present: ["oigo", "oyes", "oye", "oímos", "oís", "oyen"], preterite: ["oí", "oíste", "oyó", "oímos", "oísteis", "oyeron"] },
  traer: { present: ["traigo", "traes", "trae", "traemos", "traéis", "traen"], preterite: ["traje", "trajiste", "trajo", "trajimos", "trajisteis", "trajeron"] },
  conducir: { present: ["conduzco", "conduces", "conduce", "conducimos", "conducís", "conducen"], preterite: ["conduje", "condujiste", "condujo", "condujimos", "condujisteis", "condujeron"] },
  pensar: { present: ["pienso", "piensas", "piensa", "pensamos", "pensáis", "piensan"] },
  entender: { present: ["entiendo", "entiendes", "entiende", "entendemos", "entendéis", "entienden"] },
  empezar: { present: ["empiezo", "empiezas", "empieza", "empezamos", "empezáis", "empiezan"] },
  dormir: { present: ["duermo", "duermes", "duerme", "dormimos", "dormís", "duermen"] },
  volar: { present: ["vuelo", "vuelas", "vuela", "volamos", "voláis", "vuelan"] },
  jugar: { present: ["juego", "juegas", "juega", "jugamos", "jugáis", "juegan"] },
  encontrar: { present: ["encuentro", "encuentras", "encuentra", "encontramos", "encontráis", "encuentran"] },
  recordar: { present: ["recuerdo", "recuerdas", "recuerda", "recordamos", "recordáis", "recuerdan"] },
  perder: { present: ["pierdo", "pierdes", "pierde", "perdemos", "perdéis", "pierden"] },
  sentir: { present: ["siento", "sientes", "siente", "sentimos", "sentís", "sienten"] },
  llover: { present: ["llueve", "llueve", "llueve", "llueve", "llueve", "llueve"] },
  cerrar: { present: ["cierro", "cierras", "cierra", "cerramos", "cerráis", "cierran"] },
  mover: { present: ["muevo", "mueves", "mueve", "movemos", "movéis", "mueven"] },
  creer: { preterite: ["creí", "creíste", "creyó", "creímos", "creísteis", "creyeron"] },
  leer: { preterite: ["leí", "leíste", "leyó", "leímos", "leísteis", "leyeron"] },
};

/** Words of fixed translation: pronouns, prepositions, adverbs, conjunctions, numbers, interjections. */
const FIXED = `
and=y or=o but=pero because=porque if=si when=cuando where=dónde what=qué who=quién why=por_qué how=cómo that=que
with=con without=sin for=para from=de of=de to=a in=en on=en at=en about=sobre after=después_de before=antes_de
under=debajo_de over=sobre between=entre near=cerca_de into=en than=que
very=muy too=también also=también not=no never=nunca always=siempre often=a_menudo sometimes=a_veces now=ahora
here=aquí there=allí yes=sí no=no please=por_favor well=bien only=solo again=otra_vez already=ya still=todavía
tomorrow=mañana yesterday=ayer today=hoy together=juntos really=realmente maybe=quizás soon=pronto later=más_tarde
hello=hola hi=hola goodbye=adiós bye=adiós thanks=gracias okay=vale ok=vale
me=me him=lo her=la us=nos them=los it=lo
one=uno two=dos three=tres four=cuatro five=cinco six=seis seven=siete eight=ocho nine=nueve ten=diez
eleven=once twelve=doce twenty=veinte hundred=cien thousand=mil
everything=todo nothing=nada something=algo everyone=todos someone=alguien
`;

/** Phrases translated as a whole before any word rule (longest first when matched). */
export const PHRASES: Record<string, string> = Object.fromEntries(
  `good morning=buenos días|good afternoon=buenas tardes|good evening=buenas noches|good night=buenas noches|thank you very much=muchas gracias
  |thank you=gracias|how are you=cómo estás|nice to meet you=encantado de conocerte|of course=por supuesto|i am sorry=lo siento|i'm sorry=lo siento
  |excuse me=disculpe|see you later=hasta luego|see you tomorrow=hasta mañana|you're welcome=de nada|you are welcome=de nada|a lot of=mucho
  |a lot=mucho|right now=ahora mismo|at home=en casa|every day=todos los días|this morning=esta mañana|this evening=esta tarde|tonight=esta noche
  |last night=anoche|next week=la próxima semana|last week=la semana pasada|how much=cuánto|how many=cuántos|what time is it=qué hora es
  |happy birthday=feliz cumpleaños|welcome=bienvenido|let's go=vamos|let us go=vamos|i don't know=no lo sé|i do not know=no lo sé`
    .split("|")
    .map((entry) => entry.trim().split("=") as [string, string]),
);

export type NounEntry = { es: string; gender: "m" | "f"; plural?: string };
export type VerbEntry = { es: string };

function pairs(text: string): [string, string][] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      // Spanish values of several words are written with underscores so the list can split on spaces.
      return [pair.slice(0, at), pair.slice(at + 1).replace(/_/g, " ")];
    });
}

export const NOUN_LEXICON: Record<string, NounEntry> = Object.fromEntries(
  pairs(NOUNS).map(([en, value]) => {
    const [es, gender, plural] = value.split("/");
    return [en, { es: es!, gender: gender as "m" | "f", ...(plural ? { plural } : {}) }];
  }),
);

export const ADJECTIVE_LEXICON: Record<string, string> = Object.fromEntries(pairs(ADJECTIVES));
export const VERB_LEXICON: Record<string, VerbEntry> = Object.fromEntries(pairs(VERBS).map(([en, es]) => [en, { es }]));
export const FIXED_LEXICON: Record<string, string> = Object.fromEntries(pairs(FIXED));
