import { describe, expect, it } from 'vitest';
import { answerLocally } from '../local.ts';
import { splitSentences } from '../text.ts';
import { answerStory, askStages } from './ask-for-tests.ts';
import { derived, holdsTerm, storyIndex } from './retrieve.ts';

const ask = (story: string, q: string, heard?: number) => askStages(story, q, heard).decision;

describe('word families (derivational morphology)', () => {
  it('joins a doer and the deed, and two forms of one word, but not words that only begin alike', () => {
    expect(derived('drive', 'driver')).toBe(true);
    expect(derived('teacher', 'teach')).toBe(true);
    expect(derived('sail', 'sailor')).toBe(true);
    expect(derived('stand', 'standard')).toBe(false);
    expect(derived('car', 'care')).toBe(false);
    expect(holdsTerm(['the', 'driver'], 'drive')).toBe(true);
  });
  it('answers "who drove" with "the driver was…"', () => {
    const story = 'We lived on a farm. The truck driver was a man named Bert Lund. He came every morning.';
    expect(ask(story, 'who drove the truck')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('the story read without accents, as the question is', () => {
  it('answers "tio ramon" from a story that writes "Tío Ramón"', () => {
    const story = 'We lived on Ninth Street. My uncle, Tío Ramón, was a selector at the cigar factory.';
    expect(ask(story, 'what was tio ramons job')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    const index = storyIndex({ sentences: splitSentences(story), story: { title: 'T' } });
    expect(index.words.has('ramon')).toBe(true);
  });
});

describe('"back home" is where, not a deed', () => {
  it('answers "where did you work back home" with the place the narrator went to work', () => {
    const story =
      'I studied in Leeds for four years. Then I went to work for the water board, at the Volta dam, for twenty years.';
    expect(ask(story, 'where did you work back home')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('where someone grew up, and where a flight left from', () => {
  it('answers "where did you grow up" with where the narrator was born, not "when he grew up" with a birth', () => {
    const story = 'I was born in Aberdare in 1931, the second of five. My brother Huw was born in 1935.';
    expect(ask(story, 'where did you grow up')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
    expect(ask(story, 'what did huw do when he grew up')).toEqual({ kind: 'not-in-story' });
  });
  it('answers "where did you fly out of" with the airport the narrator left from', () => {
    const story = 'In 1962 I left from Shannon airport on a plane, with one suitcase. My mother cried at the gate.';
    expect(ask(story, 'where did you fly out of')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
});

describe('where someone is from', () => {
  it('answers "where are you from" with where the narrator came from, not where they went nor the setting', () => {
    const sentences = splitSentences('I came to Leeds in 1961, in the rain. I came from Kingston, from Trench Town.');
    const story = (text: string) =>
      answerLocally({
        story: { title: 'T', location: 'Leeds, England' },
        sentences: splitSentences(text),
        heardCount: sentences.length,
        question: 'where are you from originally',
      });
    expect(
      story('I came to Leeds in 1961, in the rain. I came from Kingston, from Trench Town.').citedSentenceIds,
    ).toEqual([2]);
    // Only where the narrator went: the story does not say where she is from (nor is the setting the answer).
    expect(story('I came to Leeds in 1961. It rained for a month.').declined).toBe('not-in-story');
  });
});

describe('a street told by its kind of name', () => {
  it('answers "what street did you live on" with "on Delancey Avenue"', () => {
    const story =
      'My father found work at the docks. We lived in two rooms on Delancey Avenue, above a bakery. The street was loud all night.';
    expect(ask(story, 'what street did you live on')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('an existential "there" carries only the sentence before it', () => {
  it('speaks of the place just named, not of what that sentence carried from further back', () => {
    const story =
      'My aunt Greta kept bees. She sold the honey in Bergen. She made candles too. There were three of us children.';
    const index = storyIndex({ sentences: splitSentences(story), story: { title: 'T' } });
    expect(holdsTerm(index.terms[4]!, 'candl')).toBe(true);
    expect(holdsTerm(index.terms[4]!, 'greta')).toBe(false);
    expect(holdsTerm(index.terms[4]!, 'honey')).toBe(false);
  });
});

describe('who and where: the question verb must be told', () => {
  it('declines "where was X stationed" when the story only says where X served, not where he was stationed', () => {
    const story = 'My brother Walter was already in the Army. I stayed home on the farm with my mother.';
    expect(ask(story, 'where was walter stationed')).toEqual({ kind: 'not-in-story' });
  });
  it('counts a related word the index leaves out as a stop word ("keep" / "I have them in a tin")', () => {
    const story = 'I wrote to her every week for a year. I have all the letters in a biscuit tin.';
    expect(ask(story, 'where do you keep the letters')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('declines "who ran the shop" when the story never tells anyone running it', () => {
    const story = 'My aunt Rosa had a shop on Main Street. We sold bread there. Later we moved away.';
    expect(ask(story, 'who ran the shop')).toEqual({ kind: 'not-in-story' });
    expect(ask(story, 'who had the shop')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
});

describe('family members a question asks about', () => {
  it('answers about the father only with a sentence speaking of him, by name or pronoun', () => {
    const story =
      'A letter came saying my father was hurt. Many men from the village did not come home at all. ' +
      'My mother lit a candle every night. He came home in October, leaning on my uncle Nikos.';
    expect(ask(story, 'did your dad come home', 3)).toMatchObject({ kind: 'not-yet-heard' });
    const untold = 'My father went to sea in May. Many men from the village did not come home at all.';
    expect(ask(untold, 'did your dad come home')).toEqual({ kind: 'not-in-story' });
    expect(ask(story, 'did your dad come home')).toMatchObject({ kind: 'answer', chosen: { id: 4 } });
  });
  it('reads "his" as the father the sentence itself names, not a brother named before', () => {
    const story = 'I had two brothers. They fished all day. My father sold one of his boats to pay for school.';
    const sentences = splitSentences(story);
    const index = storyIndex({ sentences, story: { title: 'T' } });
    expect(index.terms[3]).not.toContain('brother');
  });
  it('takes the listener’s word for a family member the story calls otherwise as a paraphrase', () => {
    const story = 'Papá worked the fields. He could pick three hundred pounds a day.';
    expect(ask(story, 'how much could your dad pick in a day')).toMatchObject({ kind: 'answer' });
  });
});

describe('measures and titles', () => {
  it('finds "how cold did it get" in a sentence about the winter, and "how hot" by the heat', () => {
    const story = 'We lived in a tar-paper barrack. In winter it went down to twenty below. The summers were dusty.';
    expect(ask(story, 'how cold did it get')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    const shed = 'The heat in the shed was forty degrees some days. We drank tea all day.';
    expect(ask(shed, 'how hot did it get')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it('reads "Dr. Pratt" as the doctor\'s name', () => {
    const story = 'The road was closed by snow. Then I called Dr. Pratt and told him to hurry.';
    expect(ask(story, 'what was the doctors name')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('dates in the next sentence', () => {
  it('does not date an event with the next sentence unless that one goes on about it', () => {
    const story =
      'An old gentleman, a retired postman called Mr. Hale, brought us eggs. The winter of 1962 was the coldest.';
    expect(ask(story, 'when did you retire')).toEqual({ kind: 'not-in-story' });
    const fragment = 'Then my brother Jim retired. That was in 1988, the year the mill closed.';
    expect(ask(fragment, 'when did jim retire')).toMatchObject({ kind: 'answer' });
  });
});

describe('possessive pronouns', () => {
  it('reads "Ours didn\'t" as the thing just spoken of', () => {
    const story = 'That spring many shops in the town burned. Ours did not burn. The windows were broken.';
    expect(ask(story, 'did your shop burn down')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('related words of family stories', () => {
  it('hears brothers and sisters in "kids", a price in what was paid, a roommate in a shared room', () => {
    expect(
      ask('We lived on a farm. I was the youngest of six kids.', 'how many brothers and sisters did you have'),
    ).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(
      ask('We found a house on Elm Street. We paid two thousand dollars for the house.', 'how much did the house cost'),
    ).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(
      ask('I lived in the nurses home. I shared a room with a girl called Maeve.', 'who was your roommate'),
    ).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('a sentence whose subject is a name says who its "he" is', () => {
  it('does not carry the brother named before into "Tomas went north… and he came back"', () => {
    const story =
      'We were three brothers. Tomas was the oldest, then me, then Emilio, the baby. Tomas went to the north first, in nineteen fifty, to the cotton in Texas, and he came back with a radio. I went north the next spring.';
    expect(answerStory(story, 'did emilio ever come north').declined).toBe('not-in-story');
    expect(answerStory(story, 'did tomas ever go north').declined).toBe(false);
  });
});
