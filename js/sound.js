// The table's sound effects, synthesized with the Web Audio API (no files),
// as window.sixtysixSound:
//
// - play(cue): one short sound for a cue the model chose (ui/model/table.py
//   CUES: "card", "trick", "marriage", "close", "won", "lost"); false for an
//   unknown cue or where there is no Web Audio.
// - CUES: the cues it knows.
//
// Whether and which sound plays is decided in Python (the options' "sound
// effects", off by default; the cue of each render): this only makes the
// noise. The AudioContext is made at the first play, which follows a tap (a
// move, or ticking the option), so the browser's autoplay rule allows it.
// A classic script, deferred; it defines and does nothing else.
(() => {
  "use strict";
  const VOLUME = 0.22;
  let context = null;

  const audio = () => {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!context) {
      context = new Context();
      const master = context.createGain();
      master.gain.value = VOLUME;
      master.connect(context.destination);
      context.master = master;
    }
    if (context.state === "suspended") context.resume().catch(() => {});
    return context;
  };

  // A tone from `start` (seconds from now) for `length`, with a quick attack and a soft end.
  const tone = (ac, { freq, to = freq, start = 0, length = 0.12, type = "triangle", level = 1 }) => {
    const t = ac.currentTime + start;
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, t + length);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(level, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(gain).connect(ac.master);
    osc.start(t);
    osc.stop(t + length + 0.02);
  };

  // A card laid on the felt: a short burst of filtered noise.
  const snap = (ac) => {
    const length = 0.07;
    const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
    const source = ac.createBufferSource();
    const filter = ac.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = 2400;
    filter.Q.value = 0.8;
    source.buffer = buffer;
    source.connect(filter).connect(ac.master);
    source.start();
  };

  const notes = (ac, freqs, step, length, type = "triangle") =>
    freqs.forEach((freq, i) => tone(ac, { freq, start: i * step, length, type }));

  const SOUNDS = {
    card: (ac) => snap(ac),
    trick: (ac) => { snap(ac); notes(ac, [659, 880], 0.07, 0.14, "sine"); },
    marriage: (ac) => notes(ac, [523, 659, 784], 0.09, 0.2),
    close: (ac) => tone(ac, { freq: 220, to: 90, length: 0.22, type: "sine" }),
    won: (ac) => notes(ac, [523, 659, 784, 1047], 0.11, 0.28),
    lost: (ac) => notes(ac, [392, 330, 262], 0.14, 0.3, "sine"),
  };

  const play = (cue) => {
    const sound = Object.hasOwn(SOUNDS, cue) ? SOUNDS[cue] : null;
    const ac = sound && audio();
    if (!ac) return false;
    sound(ac);
    return true;
  };

  window.sixtysixSound = { CUES: Object.freeze(Object.keys(SOUNDS)), play };
})();
