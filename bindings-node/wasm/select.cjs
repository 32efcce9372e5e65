'use strict'
// The package's entry in Node: the native addon where one loads for this platform, else the
// wasm build. `backend` says which one this process got ('native' | 'wasm').

const NO_ADDON = /^(Cannot find native binding|Failed to load native binding)/

function load() {
  try {
    return require('../index.js')
  } catch (e) {
    if (!(e instanceof Error) || !NO_ADDON.test(e.message)) throw e
    return require('./node.cjs')
  }
}

module.exports = { ...require('../names.js'), ...load() }
