//! The trainer's arithmetic: the float net's forward and backward pass on
//! one sample, gradients summed over a batch, and the AdamW step.
//!
//! Hand-written rather than a tensor library's: the net is a few
//! thousand multiply-adds with a sparse first layer (about 72 of 418
//! inputs on), which a dense-tensor library would either multiply as a
//! dense matrix (six times the work) or need sparse kernels for, and a
//! tensor library would add minutes to every clean build of the
//! workspace in CI. The loss is the squared error of `σ(output)` against
//! the blended label, as NNUE trainers use.

use songo_engine::nn::float::FloatNet;

/// Adam's moment decay rates and its guard against division by zero.
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// One gradient (or moment) per parameter of a [`FloatNet`], in the same
/// layout.
#[derive(Clone, Debug)]
pub struct Grads {
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
    pub w3: Vec<f32>,
    pub b3: Vec<f32>,
}

impl Grads {
    pub fn zeros(net: &FloatNet) -> Grads {
        Grads {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.b1.len()],
            w2: vec![0.0; net.w2.len()],
            b2: vec![0.0; net.b2.len()],
            w3: vec![0.0; net.w3.len()],
            b3: vec![0.0; net.b3.len()],
        }
    }

    /// Adds `other` into `self`.
    pub fn add(&mut self, other: &Grads) {
        for (a, b) in [
            (&mut self.w1, &other.w1),
            (&mut self.b1, &other.b1),
            (&mut self.w2, &other.w2),
            (&mut self.b2, &other.b2),
            (&mut self.w3, &other.w3),
            (&mut self.b3, &other.b3),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Scratch space of one sample's pass, reused across samples.
pub struct Scratch {
    z1: Vec<f32>,
    a1: Vec<f32>,
    z2: Vec<f32>,
    a2: Vec<f32>,
    d1: Vec<f32>,
    d2: Vec<f32>,
}

impl Scratch {
    pub fn new(net: &FloatNet) -> Scratch {
        Scratch {
            z1: vec![0.0; net.h1],
            a1: vec![0.0; net.h1],
            z2: vec![0.0; net.h2],
            a2: vec![0.0; net.h2],
            d1: vec![0.0; net.h1],
            d2: vec![0.0; net.h2],
        }
    }
}

/// The forward pass in output bucket `bucket`: the output, with the
/// activations left in `s`.
pub fn forward(net: &FloatNet, active: &[u16], bucket: usize, s: &mut Scratch) -> f32 {
    let h1 = net.h1;
    let last = net.last();
    let w3 = &net.w3[bucket * last..(bucket + 1) * last];
    let b3 = net.b3[bucket];
    s.z1.copy_from_slice(&net.b1);
    for &i in active {
        let row = &net.w1[i as usize * h1..(i as usize + 1) * h1];
        for (z, w) in s.z1.iter_mut().zip(row) {
            *z += w;
        }
    }
    for (a, z) in s.a1.iter_mut().zip(&s.z1) {
        *a = z.clamp(0.0, 1.0);
    }
    if net.h2 == 0 {
        return dot(&s.a1, w3) + b3;
    }
    for (j, row) in net.w2.chunks_exact(h1).enumerate() {
        s.z2[j] = dot(row, &s.a1) + net.b2[j];
        s.a2[j] = s.z2[j].clamp(0.0, 1.0);
    }
    dot(&s.a2, w3) + b3
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Whether a clipped ReLU passes gradient at `z`.
fn open(z: f32) -> f32 {
    if z > 0.0 && z < 1.0 {
        1.0
    } else {
        0.0
    }
}

/// One sample, in output bucket `bucket`: adds the gradient of its loss `(σ(out) − target)²` to `g`;
/// returns the loss.
pub fn backward(
    net: &FloatNet,
    active: &[u16],
    bucket: usize,
    target: f32,
    s: &mut Scratch,
    g: &mut Grads,
) -> f32 {
    let out = forward(net, active, bucket, s);
    let p = sigmoid(out);
    let err = p - target;
    let d_out = 2.0 * err * p * (1.0 - p);
    let h1 = net.h1;
    let last = net.last();
    let w3 = &net.w3[bucket * last..(bucket + 1) * last];
    let g3 = &mut g.w3[bucket * last..(bucket + 1) * last];
    g.b3[bucket] += d_out;
    if net.h2 == 0 {
        for j in 0..h1 {
            g3[j] += d_out * s.a1[j];
            s.d1[j] = d_out * w3[j] * open(s.z1[j]);
        }
    } else {
        for k in 0..net.h2 {
            g3[k] += d_out * s.a2[k];
            s.d2[k] = d_out * w3[k] * open(s.z2[k]);
        }
        s.d1.iter_mut().for_each(|d| *d = 0.0);
        for (k, row) in net.w2.chunks_exact(h1).enumerate() {
            let d = s.d2[k];
            if d == 0.0 {
                continue;
            }
            g.b2[k] += d;
            let grow = &mut g.w2[k * h1..(k + 1) * h1];
            for j in 0..h1 {
                grow[j] += d * s.a1[j];
                s.d1[j] += d * row[j];
            }
        }
        for (d, &z) in s.d1.iter_mut().zip(&s.z1) {
            *d *= open(z);
        }
    }
    for (b, d) in g.b1.iter_mut().zip(&s.d1) {
        *b += d;
    }
    for &i in active {
        let row = &mut g.w1[i as usize * h1..(i as usize + 1) * h1];
        for (w, d) in row.iter_mut().zip(&s.d1) {
            *w += d;
        }
    }
    err * err
}

/// AdamW: Adam on the gradient, and a weight decay taken from the weights
/// themselves (not the biases), not through the gradient.
pub struct AdamW {
    m: Grads,
    v: Grads,
    t: i32,
    pub weight_decay: f32,
}

impl AdamW {
    pub fn new(net: &FloatNet, weight_decay: f32) -> AdamW {
        AdamW {
            m: Grads::zeros(net),
            v: Grads::zeros(net),
            t: 0,
            weight_decay,
        }
    }

    /// One step of size `lr` along the mean gradient `g / n`.
    pub fn step(&mut self, net: &mut FloatNet, g: &Grads, n: usize, lr: f32) {
        self.t += 1;
        let c1 = 1.0 - BETA1.powi(self.t);
        let c2 = 1.0 - BETA2.powi(self.t);
        let scale = 1.0 / n as f32;
        let decay = self.weight_decay;
        let update = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], wd: f32| {
            for i in 0..p.len() {
                let gi = g[i] * scale;
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * gi;
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * gi * gi;
                let step = (m[i] / c1) / ((v[i] / c2).sqrt() + EPSILON);
                p[i] -= lr * (step + wd * p[i]);
            }
        };
        update(&mut net.w1, &g.w1, &mut self.m.w1, &mut self.v.w1, decay);
        update(&mut net.b1, &g.b1, &mut self.m.b1, &mut self.v.b1, 0.0);
        update(&mut net.w2, &g.w2, &mut self.m.w2, &mut self.v.w2, decay);
        update(&mut net.b2, &g.b2, &mut self.m.b2, &mut self.v.b2, 0.0);
        update(&mut net.w3, &g.w3, &mut self.m.w3, &mut self.v.w3, decay);
        update(&mut net.b3, &g.b3, &mut self.m.b3, &mut self.v.b3, 0.0);
    }
}
