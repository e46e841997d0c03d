/**
 * Words that say nothing of what a reef question is about: data for the reef-wisdom engine, which
 * drops them from questions and guides alike (app/models/wisdom/analyse.ts STOP_WORDS).
 */
// Function words. Particles such as "out", "off", "up" and "down" are kept on purpose:
// "out of its shell", "top off" and "ramp up" depend on them.
export const STOP_WORD_LIST = (
    "a about after again all also am an and any are as at be because been before being both but by can could did do does " +
    "doing done during each for from further get gets getting got had has have having he her here hers him his how i if in " +
    "into is it its itself just me my myself no nor not now of on once or other our ours own she should so some such than " +
    "that the their them then there these they this those through to too until very was we were what when where which while " +
    "who whom will with would you your yours per " +
    // Contractions with the apostrophe already dropped.
    "im ive id dont doesnt didnt isnt arent wont cant shouldnt whats hows thats theres youre " +
    // Chat filler.
    "anyone anybody someone guys hi hey hello please thanks thank help want know tell ok okay really pretty lot lots anyway anyways " +
    "thing things stuff yes yeah like maybe actually kinda sorta kind sort one go goes going gone buy right correct proper " +
    "time plus today tomorrow tonight yesterday everything everywhere anything something figure usual wise little " +
    "got get went put use using used need needs bad weird " +
    // Said by nearly every section, so they only add noise to the ranking of a reef question.
    "reef reefs reefing tank tanks aquarium aquariums"
).split(/\s+/);
