import { describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';

describe('resolve corrections across sentences', () => {
  const ask = (story: string, question: string) => {
    const answer = answerStory(story, question);
    return { text: answer.answer, cited: answer.citedSentenceIds };
  };
  it('takes back nothing about an event with a sentence that does not tell it ("she was right" of a sum)', () => {
    const story =
      'Your grandmother Rose sang in the choir. We met in the spring of 1948 at a dance in Ennis. My brother Con met his wife there. Father Keane met everyone. Your grandmother added up my wages from 1950 to 1975 once, and she was right.';
    expect(ask(story, 'when did you and grandma meet').text).toBe('We met in the spring of 1948 at a dance in Ennis.');
  });

  it('takes "I said …, but" as taking back what was said, far from where it was said', () => {
    const story =
      'I was born in the house on Pine Street, the house my dad bought for, what was it, eleven hundred dollars. We had a coal stove and a cold cellar. The river came up in the spring. We moved out in the end. I said the house was eleven hundred dollars, but my sister says it was nine hundred, and she has the paper.';
    expect(ask(story, 'how much did the house cost').text).toContain('nine hundred');
  });

  it('leaves an answer alone when a later correction takes back a number said of something else', () => {
    // "three mornings, no, five": the marker takes back the number said just before it, of other things (three
    // as the rent was, by chance).
    const rent =
      'We took a room on Canal Street, two of us in one bed, three dollars a week each. The mill had a gate where men waited to be picked. I waited at that gate three mornings, no, five, before the foreman chose me.';
    expect(ask(rent, 'how much did the room cost').text).toContain('three dollars a week');
  });
  it('leaves an answer alone when an old telling is of another number', () => {
    // An old telling of another number ("I used to tell everybody the chimney was sixty feet") is not about this one.
    const shed =
      'The drying shed was long and low, twenty feet by ninety feet, with slatted walls. I used to tell everybody the chimney was sixty feet high. It was thirty, I measured it.';
    expect(ask(shed, 'how big was the drying shed').text).toContain('twenty feet by ninety feet');
  });
  it('takes "I tell people…" as the old telling, with the truth after it', () => {
    const story =
      'I tell people I was on the trawlers thirty years. It was twenty-six, if you count it properly. Then my back went.';
    expect(ask(story, 'how many years were you on the trawlers').text).toMatch(/twenty-six/);
  });
  it("lets a later correction win, even one that does not repeat the question's words", () => {
    const crew =
      'We had about forty men on the crew that first year. The boss was a Swede. I said earlier about forty. It was never more than twenty-six, I looked it up.';
    expect(ask(crew, 'how many men were on the crew')).toEqual({
      text: 'It was never more than twenty-six.',
      cited: [3, 4],
    });
    const bakery =
      'I started at the bakery at fourteen. No, I tell a lie, I was fifteen, because it was after the flood.';
    expect(ask(bakery, 'how old were you when you started at the bakery').text).toBe(
      'I was fifteen, because it was after the flood.',
    );
    const house = 'The house cost nine hundred dollars. Come to think of it, it was eleven hundred, with the lot.';
    expect(ask(house, 'how much did the house cost').text).toBe('It was eleven hundred, with the lot.');
    const tulsa = 'We moved to Tulsa in 1952. My sister says it was 1953, and she is right, I had that wrong.';
    expect(ask(tulsa, 'when did you move to tulsa').text).toContain('1953');
  });
  it('finds the corrected value in the short sentences after "No, wait." or "I used to tell people…"', () => {
    const kids =
      'There were, let me think, six of us kids. No, wait. Seven, counting the baby. We lived above the bakery.';
    expect(ask(kids, 'how many kids were there').text).toContain('Seven');
    const pay = 'The job paid ten shillings a week. Sorry, not ten. Twelve shillings a week, and my keep.';
    expect(ask(pay, 'how much did the job pay').text).toContain('Twelve shillings');
    const grant =
      'The grant gave me fifty pounds a month. Sorry, not a month. A term. Fifty pounds a term, which was hard.';
    expect(ask(grant, 'how much did the grant give you').text).toContain('Fifty pounds a term');
    const walk = 'I used to tell people we walked ten miles to school. It was four, really. The school had one room.';
    expect(ask(walk, 'how far did you walk to school').text).toContain('four');
    // Not a correction of the date: "No, twenty-one" corrects an age, not when she came.
    const came = 'I came to Leeds in 1970, September. I was twenty. No, twenty-one, I had my birthday in August.';
    expect(ask(came, 'when did you come to leeds').text).toContain('1970');
  });
  it("answers with the narrator's denial right after what she used to tell", () => {
    const story =
      'People always ask, and for years I told them we slept in the barn all winter. That is not true, I am ashamed to say. We slept in the kitchen.';
    const answer = ask(story, 'did you really sleep in the barn all winter');
    expect(answer.text).toContain('That is not true');
    expect(answer.cited).toEqual([1, 2]);
  });
  it('does not take what the narrator denies, nor an aside that only sounds like a correction', () => {
    const club =
      'The dance hall was the Palomar. People mix it up, they think I sang at the Trianon, but no, no. I mean, I was nineteen.';
    expect(ask(club, 'what was the dance hall called').text).toContain('Palomar');
    const age = 'I was seventeen when I joined. I mean, my brother was twenty and he joined too.';
    expect(ask(age, 'how old were you when you joined').text).toContain('seventeen');
  });
  it('does not follow a correction of another number to a fact asked about ("Nine years, truly")', () => {
    const story =
      'My name is Ilse, and I was Liese to the family for nine years. Nine and a half, truly. Then I married your grandfather, Karl Brandt.';
    expect(ask(story, 'what is your real name').text).toContain('Ilse');
  });
  it('takes the value after the nearest marker ("No, no, that is wrong, the limit was only twenty boxes")', () => {
    const story =
      'I took forty boxes of apples to the market. No, no, that is wrong, the limit was only twenty boxes, so I hid some in the cart.';
    expect(ask(story, 'how many boxes of apples did you take').cited).toEqual([2]);
  });
  it('reads "I said before he went in sixty" as the old telling and takes the year told after it', () => {
    const story =
      'My brother left for Canada in nineteen sixty. He wrote every week. I said before he went in sixty. Actually, now I remember properly, he went in November fifty-nine.';
    expect(ask(story, 'when did your brother leave for canada').cited).toContain(4);
  });
  it('reads "I have always told people" as the old telling, and the truth after a clause saying when', () => {
    const story =
      'I have always told people there were forty cows on that farm. When I found the sale papers years later, I counted them properly: it was thirty-one, no more. We sold them all in the spring.';
    expect(ask(story, 'how many cows were on the farm').cited).toContain(2);
  });
});
