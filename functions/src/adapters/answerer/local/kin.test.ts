import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text.ts';
import { askStages } from './ask-for-tests.ts';
import { decide, judge } from './decide.ts';
import { factsIn } from './entities.ts';
import { kinNames, kinWithNarrator } from './kin-names.ts';
import { narratorSexOf } from './narrator.ts';
import { normalizeQuestion } from './question.ts';
import { questionTerms, retrieve, storyIndex } from './retrieve.ts';
import { answeringFacts, namesOf } from './type-match.ts';

const ask = (story: string, q: string, heard?: number) => askStages(story, q, heard).decision;

describe('kinship words of the family', () => {
  it("reads the other grandparent's word as the narrator's husband or wife when the story says which she or he is", () => {
    expect(narratorSexOf('I was a girl of twelve. My husband Ron drove the truck.')).toBe('female');
    expect(narratorSexOf('When I was a boy we lived on the farm. My late wife kept bees.')).toBe('male');
    expect(narratorSexOf('We lived on the farm. I married in 1950.')).toBeUndefined();
    const words = new Set(['farm']);
    expect(normalizeQuestion('what did grandpa do for a living', words, words, 'female').text).toBe(
      'what did your husband do for work',
    );
    expect(normalizeQuestion('what was grandmas name', words, words, 'male').text).toBe("what was your wife's name");
    // Her own word is still the narrator, and so is any word when the story does not say.
    expect(normalizeQuestion('where was nana born', words, words, 'female').text).toBe('where was you born');
    expect(normalizeQuestion('what did grandpa do for a living', words, words).text).toBe('what did you do for work');
  });

  it("reads the family's own word for a grandparent, in the languages families speak, as the narrator", () => {
    const story = new Set(['farm', 'born']);
    for (const word of ['dido', 'baba', 'batchan', 'obaachan', 'jiichan', 'bibi', 'babu', 'ouma', 'oupa', 'dede'])
      expect(normalizeQuestion(`where was ${word} born`, story, story)).toMatchObject({
        text: 'where was you born',
        narratorWord: word,
      });
    // A story that calls someone else "Baba" (the narrator's own grandmother): the word is hers.
    const otherBaba = new Set(['baba', 'born']);
    expect(normalizeQuestion('where was baba born', otherBaba, otherBaba).text).toBe('where was baba born');
  });

  it('reads "great grandma" as the narrator\'s mother when the story speaks of the listener\'s grandparents', () => {
    const grandparent = new Set(['your', 'opa', 'married']);
    expect(normalizeQuestion('what was great grandmas name', new Set(), grandparent).text).toBe(
      "what was your mother's name",
    );
    expect(normalizeQuestion('where did great uncle piet live', new Set(), grandparent).text).toBe(
      'where did your brother piet live',
    );
    // A story that does not say who the listener's grandparents are: the listener calls the narrator
    // grandma, so great-grandpa is still her father.
    expect(normalizeQuestion('where did great grandpa work', new Set(['farm']), new Set(['farm'])).text).toBe(
      'where did your father work',
    );
    // A story told by great-grandpa himself (he speaks of his great-grandchildren): the word is the narrator's.
    const greatGrandparent = new Set(['farm', 'great-grandchildren']);
    expect(normalizeQuestion('where did great-grandpa live', greatGrandparent, greatGrandparent).text).toBe(
      'where did you live',
    );
  });
  it('reads a kinship word typed as two ("paw paw", "pop pop\'s") as the one word', () => {
    expect(normalizeQuestion('what year was paw paw born', new Set(['boat']), new Set(['boat']))).toMatchObject({
      text: 'what year was you born',
      narratorWord: 'pawpaw',
    });
    expect(normalizeQuestion('where was pop pops farm', new Set(['farm']), new Set(['farm'])).text).toBe(
      'where was your farm',
    );
    // "dada ji" of a story that says "your dada ji": the story's own words, kept.
    const story = new Set(['dada', 'ji', 'your']);
    expect(normalizeQuestion('where did dada ji work', story, story).text).toBe('where did dada ji work');
  });
  it('reads the Welsh and Finnish words for grandparents ("nain", "taid", "mummo") as the narrator\'s', () => {
    for (const word of ['nain', 'taid', 'mummo'])
      expect(normalizeQuestion(`where was ${word} born`, new Set(['farm']), new Set(['farm'])).narratorWord).toBe(word);
  });
  it('reads "granddaddy" as a grandparent\'s word for the narrator', () => {
    expect(normalizeQuestion('where is granddaddy from', new Set(['farm']), new Set(['farm']))).toMatchObject({
      text: 'where did you come from',
      narratorWord: 'granddaddy',
    });
  });
  it('writes a grandparent the story speaks of in the story\'s own word ("grandpa" / "your opa")', () => {
    expect(normalizeQuestion('when did you marry grandpa', new Set(['opa']), new Set(['opa'])).text).toBe(
      'when did you marry opa',
    );
  });
  it('finds the name in "my mother\'s name was Hilde"', () => {
    const sentence = "My mother's name was Hilde, after her aunt.";
    const facts = answeringFacts(factsIn(sentence), 'name', "what was your mother's name");
    expect(namesOf(sentence, facts, 'mother').map((f) => f.text)).toEqual(['Hilde']);
  });
  it('does not take a fragment naming another thing for the name asked ("the bakery. / Kaplan\'s Bakery.")', () => {
    const story = 'My father had the bakery on Hester Street. Kaplan Bakery. He baked at night.';
    expect(ask(story, "what was your father's name")).toEqual({ kind: 'not-in-story' });
  });
  it('answers a question about the whole story ("where did all this happen") from its details', () => {
    const sentences = splitSentences('We kept bees. My brother sold the honey.');
    const index = storyIndex({ sentences, story: { title: 'Bees', location: 'Oamaru' } });
    const question = normalizeQuestion('where did all this happen', index.words, index.otherKin);
    const terms = questionTerms(question, index);
    expect(decide(judge(index, retrieve(index, terms), question, terms), index, 2)).toMatchObject({
      kind: 'answer',
      chosen: { id: 0 },
    });
  });
  it('answers about one of the family from a sentence calling him by the name the story gives him', () => {
    const story = 'Your grandpa Walter drove a bread van. Walter and I married in June of 1950. We lived on Elm Road.';
    expect(ask(story, 'when did you and grandpa get married')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(
      ask(
        'Your grandpa drove a bread van. Walter and I married in June of 1950.',
        'when did you and grandpa get married',
      ),
    ).toEqual({ kind: 'not-in-story' });
  });
  it('takes the narrator\'s "we" for both in "you and grandpa"', () => {
    const story = 'Your grandfather drove the mail van. We were married in Wexford in June 1951.';
    expect(ask(story, 'when did you and grandpa get married')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(kinWithNarrator('where did you and grandpa live')).toEqual(new Set(['grandfath']));
    expect(kinWithNarrator('where did grandpa live')).toEqual(new Set());
    expect(kinWithNarrator('when did you meet grandma')).toEqual(new Set(['grandmoth']));
    // "I moved to Leeds in 1950" says nothing of grandpa moving with her.
    expect(
      ask('Your grandpa was a welder. I moved to Leeds in 1950.', 'when did you and grandpa move to leeds'),
    ).toEqual({ kind: 'not-in-story' });
  });
  it('answers "what month" only with a month, not "two years later"', () => {
    const story = 'Your grandfather came home from the navy in 1946. We were married two years later in Cobh.';
    expect(ask(story, 'what month did you and grandpa get married')).toEqual({ kind: 'not-in-story' });
    const month = (sentence: string) =>
      answeringFacts(factsIn(sentence), 'when', 'what month did you get married').map((f) => f.text);
    expect(month('We were married in June of 1948, in Cobh.')).toContain('June');
    expect(month('We were married two years later, in Cobh.')).toEqual([]);
  });
  it('takes "uncle pete" as Pete, whatever the story calls him', () => {
    const story = 'My uncle Ray ran the pub. We moved to Leeds in 1960, and our son Pete was four then.';
    expect(ask(story, 'how old was uncle pete when you moved')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('reads a family word written with its accent as the word ("mamá", "papá")', () => {
    const story = 'We lived in the camp. My mamá cooked on a stove outside, beans and rice.';
    expect(ask(story, 'what did your mom cook')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('does not take a word the story also writes in lower case for a name ("the Golden Star Laundry" / "the laundry")', () => {
    const story =
      'We ran the Golden Star Laundry on Pell Street. Everybody worked in the laundry from six in the morning. My mother did the shirts and the collars, with starch.';
    expect(ask(story, 'what did your mom do in the laundry')).toMatchObject({ kind: 'answer', chosen: { id: 3 } });
  });
  it('takes a family word said to the narrator ("people ask me, nana") as her own, not someone else\'s', () => {
    const story = 'People ask me, nana, were you happy here? I was born in Cork, by the river.';
    const index = storyIndex({ sentences: splitSentences(story), story: { title: 'T' } });
    expect(normalizeQuestion('where was nana born', index.words, index.otherKin).narratorWord).toBe('nana');
    expect(ask(story, 'where was nana born')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    const other = storyIndex({
      sentences: splitSentences('Your nana was a teacher. I was born in Cork.'),
      story: { title: 'T' },
    });
    expect(normalizeQuestion('where was nana born', other.words, other.otherKin).narratorWord).toBeUndefined();
  });
});

describe('kin named in a list', () => {
  it('"I had two brothers, Jamasie and Jaiku": each is a brother; "my sisters Rosa, Lina and Pia" each a sister', () => {
    const index = storyIndex({
      sentences: splitSentences(
        'I had two brothers, Jamasie and Jaiku. Jamasie was the oldest of us. My sisters Rosa, Lina and Pia sewed. We had three cows, Daisy and Bess and Molly.',
      ),
      story: { title: 'T' },
    });
    const names = kinNames(index);
    expect([...(names.get('brother') ?? [])].sort()).toEqual(['jaiku', 'jamasi']);
    expect([...(names.get('sister') ?? [])].sort()).toEqual(['lina', 'pia', 'rosa']);
    expect(names.has('cow')).toBe(false);
  });
});
