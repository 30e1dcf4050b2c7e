// The benchmark's synthetic posts: N Markdown files with titles, excerpts, tags, dates and pictures
// (featured, and in the text of every tenth post) drawn from a seeded generator, so every run builds the same posts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A small seeded generator (mulberry32), so every run builds the same posts. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  ['Visual Schedules', 'visual schedules', ['Visual supports', 'Routines']],
  ['Morning Routines', 'morning routines', ['Routines', 'Home']],
  ['Bedtime and Sleep', 'bedtime and sleep', ['Routines', 'Wellbeing']],
  ['Sharing and Turn-Taking', 'sharing and taking turns', ['Social skills', 'Play']],
  ['Asking for Help', 'asking for help', ['Communication']],
  ['Trips to the Grocery Store', 'grocery store trips', ['Community', 'Life skills']],
  ['Starting a New School Year', 'a new school year', ['School', 'Transitions']],
  ['Toilet Training', 'toilet training', ['Life skills', 'Home']],
  ['Mealtimes', 'mealtimes', ['Home', 'Life skills']],
  ['Waiting', 'waiting', ['Routines', 'Community']],
  ['Doctor and Dentist Visits', 'doctor and dentist visits', ['Community', 'Wellbeing']],
  ['Making Friends', 'making friends', ['Social skills']],
  ['Using a Communication Device', 'communication devices', ['Communication']],
  ['Getting Dressed', 'getting dressed', ['Life skills', 'Routines']],
  ['Calm-Down Plans', 'calm-down plans', ['Wellbeing', 'Home']],
  ['Siblings', 'siblings', ['Families']],
  ['Working with Your Child’s School', 'working with schools', ['School', 'Families']],
  ['Funding and the OAP', 'funding and the Ontario Autism Program', ['Ontario', 'Funding']],
  ['Moving to Adult Services', 'adult services', ['Transitions', 'Ontario']],
  ['Caregiver Wellbeing', 'caregiver wellbeing', ['Caregivers', 'Wellbeing']],
  ['Screen Time', 'screen time', ['Home', 'Play']],
  ['Haircuts', 'haircuts', ['Community', 'Life skills']],
];
const ANGLES = [
  ['A Practical Guide', 'a practical guide to'],
  ['Five Small Steps', 'five small steps for'],
  ['What We Have Learned', 'what families have taught us about'],
  ['Questions Families Ask', 'common questions about'],
  ['Getting Started', 'a gentle way to start with'],
  ['When Things Get Hard', 'what to try when it gets hard with'],
  ['Ideas That Fit Busy Days', 'ideas for busy days and'],
  ['A Checklist', 'a short checklist for'],
  ['Myths and Facts', 'myths and facts about'],
  ['Planning Ahead', 'planning ahead for'],
];
const WHO = ['', ' for Young Children', ' for Teens', ' for Adults', ' at Home and in the Community'];
const PARAGRAPHS = [
  'Every person learns at their own pace, and what works for one family may not work for another. Start with one small change, watch what happens for a week, and adjust from there.',
  'Pictures, timers and short written lists can make the next step easier to predict. Keep them where the person can see them, and use the same words each time.',
  'Praise the effort, not only the result. Noticing the small steps a person takes, and saying so, tells them what is going well and makes it more likely to happen again.',
  'If something is not working, it is information, not failure. Look at what happened just before and just after, and ask what the person might be telling you.',
  'Involve the person in the plan as much as they can be. Offer real choices, respect a "no" when you can, and explain changes ahead of time.',
  'Talk with everyone who supports the person, such as teachers, relatives and support workers, so that the approach is the same in different places.',
  'Write down what you try and what happens. A few notes a day are enough to see patterns that are hard to notice in the moment.',
  'Take care of yourself too. Short breaks, help from others and realistic goals make it easier to keep going over months and years.',
];
const HEADINGS = [
  'Why it matters',
  'Where to start',
  'Making it part of the day',
  'If it does not go to plan',
  'When to ask for help',
];
const IMAGES = readdirSync(path.join(root, 'content/posts/images')).filter((f) =>
  /\.(svg|png|jpe?g|webp)$/.test(f),
);

/** N posts as { file, text }, the same every run. */
export function syntheticPosts(n) {
  const rand = random(20250105);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const titles = [];
  for (const topic of TOPICS)
    for (const angle of ANGLES) for (const who of WHO) titles.push([topic, angle, who]);
  for (let i = titles.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [titles[i], titles[j]] = [titles[j], titles[i]];
  }
  const start = Date.UTC(2014, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  return Array.from({ length: n }, (_, i) => {
    const [[topic, phrase, tags], [angle, lead], who] = titles[i % titles.length];
    const round = Math.floor(i / titles.length);
    const title = `${topic}${who}: ${angle}${round ? ` (part ${round + 1})` : ''}`;
    const excerpt = `${lead[0].toUpperCase()}${lead.slice(1)} ${phrase}${who.toLowerCase()}, with ideas you can try this week and signs that it is time to ask for support.`;
    const date = new Date(start + Math.floor(rand() * span)).toISOString().slice(0, 10);
    const extraTag = rand() < 0.4 ? [pick(['Families', 'Getting started', 'ABA basics'])] : [];
    const body = [];
    for (let s = 0; s < 2 + Math.floor(rand() * 3); s += 1) {
      body.push(`## ${HEADINGS[(i + s) % HEADINGS.length]}`);
      for (let p = 0; p < 1 + Math.floor(rand() * 3); p += 1) body.push(pick(PARAGRAPHS));
      if (rand() < 0.3)
        body.push(
          ['- Keep it short', '- Use the same words each time', '- Stop while it is going well'].join('\n'),
        );
    }
    // A picture in the text of every tenth post (issue 18's budget), after the first section's
    // opening paragraph: built into WebP copies like a featured image. No call to rand(), so the
    // other posts stay as they were.
    if (IMAGES.length && i % 10 === 0) {
      body.splice(
        2,
        0,
        `![An illustration about ${phrase}](./images/${IMAGES[(i / 10 + 3) % IMAGES.length]})`,
      );
    }
    const lines = [
      '---',
      `title: ${JSON.stringify(title)}`,
      `excerpt: ${JSON.stringify(excerpt)}`,
      'tags:',
      ...[...new Set([...tags, ...extraTag])].map((tag) => `  - ${tag}`),
      `publishedAt: ${date}`,
      ...(IMAGES.length && rand() < 0.8 ? [`featuredImage: ./images/${IMAGES[i % IMAGES.length]}`] : []),
      '---',
      '',
      body.join('\n\n'),
      '',
    ];
    return { file: `bench-${String(i + 1).padStart(5, '0')}.md`, text: lines.join('\n') };
  });
}
