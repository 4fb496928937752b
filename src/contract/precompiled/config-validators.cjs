"use strict";
// Generated from the built-in node types (src/catalog/builtin-node-types.ts) by ajv's standalone code generation (scripts/precompiled-validators.mjs).
// Do not edit: run `npm run generate` after changing a schema. `npm run check:generated` fails while this is stale.
/* eslint-disable */
exports.config0 = validate10;
const schema11 = {"type":"object","properties":{},"additionalProperties":true};

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
}
else {
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

exports.config1 = validate11;
const schema12 = {"type":"object","properties":{"label":{"type":"string","title":"Field label","default":"Text"},"placeholder":{"type":"string","title":"Placeholder","default":"Type something…"},"defaultValue":{"type":"string","title":"Default value","default":"","format":"multiline"},"multiline":{"type":"boolean","title":"Multi-line","default":true}},"additionalProperties":true};

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err0 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err1 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.defaultValue !== undefined){
if(!(typeof data.defaultValue === "string")){
const err2 = {instancePath:instancePath+"/defaultValue",schemaPath:"#/properties/defaultValue/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.multiline !== undefined){
if(typeof data.multiline !== "boolean"){
const err3 = {instancePath:instancePath+"/multiline",schemaPath:"#/properties/multiline/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}

exports.config2 = validate12;
const schema13 = {"type":"object","properties":{"placeholder":{"type":"string","title":"Placeholder","default":"Ask me anything…"},"includeHistory":{"type":"boolean","title":"Include history","default":true},"maxHistory":{"type":"integer","title":"History length","default":20,"minimum":0,"maximum":200}},"additionalProperties":true};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err0 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.includeHistory !== undefined){
if(typeof data.includeHistory !== "boolean"){
const err1 = {instancePath:instancePath+"/includeHistory",schemaPath:"#/properties/includeHistory/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.maxHistory !== undefined){
let data2 = data.maxHistory;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err2 = {instancePath:instancePath+"/maxHistory",schemaPath:"#/properties/maxHistory/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 200 || isNaN(data2)){
const err3 = {instancePath:instancePath+"/maxHistory",schemaPath:"#/properties/maxHistory/maximum",keyword:"maximum",params:{comparison: "<=", limit: 200},message:"must be <= 200"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data2 < 0 || isNaN(data2)){
const err4 = {instancePath:instancePath+"/maxHistory",schemaPath:"#/properties/maxHistory/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}

exports.config3 = validate13;
const schema14 = {"type":"object","properties":{"path":{"type":"string","title":"Path","default":"data/input.csv","placeholder":"data/input.csv"},"accept":{"type":"string","title":"Accepted types","default":".csv,.json,.txt"},"maxSizeMb":{"type":"integer","title":"Max size (MB)","default":10,"minimum":1,"maximum":1024}},"required":["path"],"additionalProperties":true};

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.path !== undefined){
if(typeof data.path !== "string"){
const err1 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.accept !== undefined){
if(typeof data.accept !== "string"){
const err2 = {instancePath:instancePath+"/accept",schemaPath:"#/properties/accept/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.maxSizeMb !== undefined){
let data2 = data.maxSizeMb;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err3 = {instancePath:instancePath+"/maxSizeMb",schemaPath:"#/properties/maxSizeMb/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 1024 || isNaN(data2)){
const err4 = {instancePath:instancePath+"/maxSizeMb",schemaPath:"#/properties/maxSizeMb/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1024},message:"must be <= 1024"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err5 = {instancePath:instancePath+"/maxSizeMb",schemaPath:"#/properties/maxSizeMb/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

exports.config4 = validate14;
const schema15 = {"type":"object","properties":{"template":{"type":"string","title":"Template","default":"Answer the question below.\n\nQuestion: {{ input }}","format":"template","variables":{"ports":["input","context"],"showHints":true}}},"required":["template"],"additionalProperties":true};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.template === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "template"},message:"must have required property '"+"template"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.template !== undefined){
if(!(typeof data.template === "string")){
const err1 = {instancePath:instancePath+"/template",schemaPath:"#/properties/template/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate14.errors = vErrors;
return errors === 0;
}

exports.config5 = validate15;
const schema16 = {"type":"object","properties":{"model":{"type":"string","title":"Model","enum":["gpt-4o-mini","gpt-4o","claude-3-5-sonnet","claude-3-5-haiku","llama-3.1-8b-instruct","mistral-small"],"default":"gpt-4o-mini"},"temperature":{"type":"number","title":"Temperature","default":0.7,"minimum":0,"maximum":2,"step":0.1,"format":"range"},"maxTokens":{"type":"integer","title":"Max tokens","default":1024,"minimum":1,"maximum":32768},"systemPrompt":{"type":"string","title":"System prompt","default":"You are a helpful assistant.","format":"multiline"},"mockResponse":{"type":"string","title":"Mock response","default":"","format":"multiline","description":"Reply used by the local runner instead of calling a model; empty echoes the prompt"}},"required":["model"],"additionalProperties":true};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.model === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.model !== undefined){
let data0 = data.model;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!((((((data0 === "gpt-4o-mini") || (data0 === "gpt-4o")) || (data0 === "claude-3-5-sonnet")) || (data0 === "claude-3-5-haiku")) || (data0 === "llama-3.1-8b-instruct")) || (data0 === "mistral-small"))){
const err2 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/enum",keyword:"enum",params:{allowedValues: schema16.properties.model.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.temperature !== undefined){
let data1 = data.temperature;
if(typeof data1 == "number"){
if(data1 > 2 || isNaN(data1)){
const err3 = {instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2},message:"must be <= 2"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err4 = {instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.maxTokens !== undefined){
let data2 = data.maxTokens;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err6 = {instancePath:instancePath+"/maxTokens",schemaPath:"#/properties/maxTokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 32768 || isNaN(data2)){
const err7 = {instancePath:instancePath+"/maxTokens",schemaPath:"#/properties/maxTokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32768},message:"must be <= 32768"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/maxTokens",schemaPath:"#/properties/maxTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.systemPrompt !== undefined){
if(!(typeof data.systemPrompt === "string")){
const err9 = {instancePath:instancePath+"/systemPrompt",schemaPath:"#/properties/systemPrompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.mockResponse !== undefined){
if(!(typeof data.mockResponse === "string")){
const err10 = {instancePath:instancePath+"/mockResponse",schemaPath:"#/properties/mockResponse/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate15.errors = vErrors;
return errors === 0;
}

exports.config6 = validate16;
const schema17 = {"type":"object","properties":{"branches":{"type":"array","title":"Branches","description":"Each branch becomes an output handle","items":{"type":"object","properties":{"name":{"type":"string","title":"Name","description":"Handle id of this branch; letters, digits, _ and -"},"label":{"type":"string","title":"Label"},"condition":{"type":"string","title":"Condition","description":"Expression over the node inputs; empty for the default branch"},"isDefault":{"type":"boolean","title":"Default branch","default":false}},"required":["name"]},"minItems":1,"default":[{"name":"match","label":"Match","condition":"value === 'yes'","isDefault":false},{"name":"default","label":"Default","condition":"","isDefault":true}]},"evaluation":{"type":"string","title":"Evaluation","enum":["first_match","all_matches"],"default":"first_match"}},"additionalProperties":true};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.branches !== undefined){
let data0 = data.branches;
if(Array.isArray(data0)){
if(data0.length < 1){
const err0 = {instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.name === undefined){
const err1 = {instancePath:instancePath+"/branches/" + i0,schemaPath:"#/properties/branches/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data1.name !== undefined){
if(typeof data1.name !== "string"){
const err2 = {instancePath:instancePath+"/branches/" + i0+"/name",schemaPath:"#/properties/branches/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data1.label !== undefined){
if(typeof data1.label !== "string"){
const err3 = {instancePath:instancePath+"/branches/" + i0+"/label",schemaPath:"#/properties/branches/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data1.condition !== undefined){
if(typeof data1.condition !== "string"){
const err4 = {instancePath:instancePath+"/branches/" + i0+"/condition",schemaPath:"#/properties/branches/items/properties/condition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data1.isDefault !== undefined){
if(typeof data1.isDefault !== "boolean"){
const err5 = {instancePath:instancePath+"/branches/" + i0+"/isDefault",schemaPath:"#/properties/branches/items/properties/isDefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/branches/" + i0,schemaPath:"#/properties/branches/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.evaluation !== undefined){
let data6 = data.evaluation;
if(typeof data6 !== "string"){
const err8 = {instancePath:instancePath+"/evaluation",schemaPath:"#/properties/evaluation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!((data6 === "first_match") || (data6 === "all_matches"))){
const err9 = {instancePath:instancePath+"/evaluation",schemaPath:"#/properties/evaluation/enum",keyword:"enum",params:{allowedValues: schema17.properties.evaluation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate16.errors = vErrors;
return errors === 0;
}

exports.config7 = validate17;
const schema18 = {"type":"object","properties":{"maxIterations":{"type":"integer","title":"Max iterations","default":1000,"minimum":1},"continueOnError":{"type":"boolean","title":"Continue on error","default":false}},"additionalProperties":true};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.maxIterations !== undefined){
let data0 = data.maxIterations;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err0 = {instancePath:instancePath+"/maxIterations",schemaPath:"#/properties/maxIterations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 < 1 || isNaN(data0)){
const err1 = {instancePath:instancePath+"/maxIterations",schemaPath:"#/properties/maxIterations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
if(data.continueOnError !== undefined){
if(typeof data.continueOnError !== "boolean"){
const err2 = {instancePath:instancePath+"/continueOnError",schemaPath:"#/properties/continueOnError/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate17.errors = vErrors;
return errors === 0;
}

exports.config8 = validate18;
const schema19 = {"type":"object","properties":{"precision":{"type":"integer","title":"Decimal places","default":6,"minimum":0,"maximum":15},"angleUnit":{"type":"string","title":"Angle unit","enum":["radians","degrees"],"default":"radians"}},"additionalProperties":true};

function validate18(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.precision !== undefined){
let data0 = data.precision;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err0 = {instancePath:instancePath+"/precision",schemaPath:"#/properties/precision/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 15 || isNaN(data0)){
const err1 = {instancePath:instancePath+"/precision",schemaPath:"#/properties/precision/maximum",keyword:"maximum",params:{comparison: "<=", limit: 15},message:"must be <= 15"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0 < 0 || isNaN(data0)){
const err2 = {instancePath:instancePath+"/precision",schemaPath:"#/properties/precision/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
if(data.angleUnit !== undefined){
let data1 = data.angleUnit;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/angleUnit",schemaPath:"#/properties/angleUnit/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!((data1 === "radians") || (data1 === "degrees"))){
const err4 = {instancePath:instancePath+"/angleUnit",schemaPath:"#/properties/angleUnit/enum",keyword:"enum",params:{allowedValues: schema19.properties.angleUnit.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate18.errors = vErrors;
return errors === 0;
}

exports.config9 = validate19;
const schema20 = {"type":"object","properties":{"provider":{"type":"string","title":"Provider","enum":["duckduckgo","brave","bing"],"default":"duckduckgo"},"maxResults":{"type":"integer","title":"Max results","default":5,"minimum":1,"maximum":50},"safeSearch":{"type":"boolean","title":"Safe search","default":true}},"additionalProperties":true};

function validate19(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.provider !== undefined){
let data0 = data.provider;
if(typeof data0 !== "string"){
const err0 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((data0 === "duckduckgo") || (data0 === "brave")) || (data0 === "bing"))){
const err1 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/enum",keyword:"enum",params:{allowedValues: schema20.properties.provider.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.maxResults !== undefined){
let data1 = data.maxResults;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err2 = {instancePath:instancePath+"/maxResults",schemaPath:"#/properties/maxResults/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 50 || isNaN(data1)){
const err3 = {instancePath:instancePath+"/maxResults",schemaPath:"#/properties/maxResults/maximum",keyword:"maximum",params:{comparison: "<=", limit: 50},message:"must be <= 50"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err4 = {instancePath:instancePath+"/maxResults",schemaPath:"#/properties/maxResults/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
if(data.safeSearch !== undefined){
if(typeof data.safeSearch !== "boolean"){
const err5 = {instancePath:instancePath+"/safeSearch",schemaPath:"#/properties/safeSearch/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate19.errors = vErrors;
return errors === 0;
}

exports.config10 = validate20;
const schema21 = {"type":"object","properties":{"method":{"type":"string","title":"Method","enum":["GET","POST","PUT","PATCH","DELETE"],"default":"GET"},"url":{"type":"string","title":"URL","default":"https://api.example.com/v1/status","format":"uri"},"headers":{"type":"object","title":"Headers","format":"json","default":{}},"timeoutMs":{"type":"integer","title":"Timeout (ms)","default":10000,"minimum":100,"maximum":300000},"mockResponse":{"type":"object","title":"Mock response","format":"json","default":{},"description":"Body returned by the local runner instead of calling the URL"}},"required":["method","url"],"additionalProperties":true};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.method === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.url === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.method !== undefined){
let data0 = data.method;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(((((data0 === "GET") || (data0 === "POST")) || (data0 === "PUT")) || (data0 === "PATCH")) || (data0 === "DELETE"))){
const err3 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/enum",keyword:"enum",params:{allowedValues: schema21.properties.method.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.url !== undefined){
if(!(typeof data.url === "string")){
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.headers !== undefined){
let data2 = data.headers;
if(!(data2 && typeof data2 == "object" && !Array.isArray(data2))){
const err5 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.timeoutMs !== undefined){
let data3 = data.timeoutMs;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err6 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 > 300000 || isNaN(data3)){
const err7 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 300000},message:"must be <= 300000"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3 < 100 || isNaN(data3)){
const err8 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.mockResponse !== undefined){
let data4 = data.mockResponse;
if(!(data4 && typeof data4 == "object" && !Array.isArray(data4))){
const err9 = {instancePath:instancePath+"/mockResponse",schemaPath:"#/properties/mockResponse/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}

exports.config11 = validate21;
const schema22 = {"type":"object","properties":{"path":{"type":"string","title":"Path","default":"","placeholder":"$.items","description":"Optional JSONPath of the value to extract"},"strict":{"type":"boolean","title":"Strict","default":true},"stripCodeFences":{"type":"boolean","title":"Strip code fences","default":true,"description":"Remove ```json fences around model output"}},"additionalProperties":true};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path !== undefined){
if(typeof data.path !== "string"){
const err0 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.strict !== undefined){
if(typeof data.strict !== "boolean"){
const err1 = {instancePath:instancePath+"/strict",schemaPath:"#/properties/strict/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.stripCodeFences !== undefined){
if(typeof data.stripCodeFences !== "boolean"){
const err2 = {instancePath:instancePath+"/stripCodeFences",schemaPath:"#/properties/stripCodeFences/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}

exports.config12 = validate22;
const schema23 = {"type":"object","properties":{"operation":{"type":"string","title":"Operation","enum":["template","uppercase","lowercase","trim","truncate"],"default":"template"},"template":{"type":"string","title":"Template","default":"{{ text }}","format":"template","variables":{"ports":["text","data"],"showHints":true}},"maxLength":{"type":"integer","title":"Max length","default":0,"minimum":0,"description":"0 keeps the full text"}},"required":["operation"],"additionalProperties":true};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.operation === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.operation !== undefined){
let data0 = data.operation;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/operation",schemaPath:"#/properties/operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!(((((data0 === "template") || (data0 === "uppercase")) || (data0 === "lowercase")) || (data0 === "trim")) || (data0 === "truncate"))){
const err2 = {instancePath:instancePath+"/operation",schemaPath:"#/properties/operation/enum",keyword:"enum",params:{allowedValues: schema23.properties.operation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.template !== undefined){
if(!(typeof data.template === "string")){
const err3 = {instancePath:instancePath+"/template",schemaPath:"#/properties/template/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.maxLength !== undefined){
let data2 = data.maxLength;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err4 = {instancePath:instancePath+"/maxLength",schemaPath:"#/properties/maxLength/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 < 0 || isNaN(data2)){
const err5 = {instancePath:instancePath+"/maxLength",schemaPath:"#/properties/maxLength/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}

exports.config13 = validate23;
const schema24 = {"type":"object","properties":{"delimiter":{"type":"string","title":"Delimiter","default":",","maxLength":1},"hasHeader":{"type":"boolean","title":"First row is a header","default":true},"encoding":{"type":"string","title":"Encoding","enum":["utf-8","latin1"],"default":"utf-8"}},"additionalProperties":true};
const func2 = require("ajv/dist/runtime/ucs2length").default;

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.delimiter !== undefined){
let data0 = data.delimiter;
if(typeof data0 === "string"){
if(func2(data0) > 1){
const err0 = {instancePath:instancePath+"/delimiter",schemaPath:"#/properties/delimiter/maxLength",keyword:"maxLength",params:{limit: 1},message:"must NOT have more than 1 characters"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath:instancePath+"/delimiter",schemaPath:"#/properties/delimiter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.hasHeader !== undefined){
if(typeof data.hasHeader !== "boolean"){
const err2 = {instancePath:instancePath+"/hasHeader",schemaPath:"#/properties/hasHeader/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.encoding !== undefined){
let data2 = data.encoding;
if(typeof data2 !== "string"){
const err3 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!((data2 === "utf-8") || (data2 === "latin1"))){
const err4 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema24.properties.encoding.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}

exports.config14 = validate24;
const schema25 = {"type":"object","properties":{"condition":{"type":"string","title":"Condition","default":"record.status === 'active'","description":"Expression over `record`"}},"required":["condition"],"additionalProperties":true};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.condition === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "condition"},message:"must have required property '"+"condition"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.condition !== undefined){
if(typeof data.condition !== "string"){
const err1 = {instancePath:instancePath+"/condition",schemaPath:"#/properties/condition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}

exports.config15 = validate25;
const schema26 = {"type":"object","properties":{"mapping":{"type":"object","title":"Mapping","format":"json","default":{"id":"record.id"},"description":"Output field → expression over `record`"},"dropUnmapped":{"type":"boolean","title":"Drop unmapped fields","default":false}},"required":["mapping"],"additionalProperties":true};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mapping === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mapping"},message:"must have required property '"+"mapping"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.mapping !== undefined){
let data0 = data.mapping;
if(!(data0 && typeof data0 == "object" && !Array.isArray(data0))){
const err1 = {instancePath:instancePath+"/mapping",schemaPath:"#/properties/mapping/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.dropUnmapped !== undefined){
if(typeof data.dropUnmapped !== "boolean"){
const err2 = {instancePath:instancePath+"/dropUnmapped",schemaPath:"#/properties/dropUnmapped/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}

exports.config16 = validate26;
const schema27 = {"type":"object","properties":{"strategy":{"type":"string","title":"Strategy","enum":["append","inner_join","left_join"],"default":"append"},"key":{"type":"string","title":"Join key","default":"id"}},"required":["strategy"],"additionalProperties":true};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.strategy === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "strategy"},message:"must have required property '"+"strategy"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.strategy !== undefined){
let data0 = data.strategy;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!(((data0 === "append") || (data0 === "inner_join")) || (data0 === "left_join"))){
const err2 = {instancePath:instancePath+"/strategy",schemaPath:"#/properties/strategy/enum",keyword:"enum",params:{allowedValues: schema27.properties.strategy.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.key !== undefined){
if(typeof data.key !== "string"){
const err3 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}

exports.config17 = validate27;
const schema28 = {"type":"object","properties":{"operation":{"type":"string","title":"Operation","enum":["count","sum","avg","min","max"],"default":"count"},"field":{"type":"string","title":"Field","default":"","description":"Field to aggregate; not needed for count"},"groupBy":{"type":"string","title":"Group by","default":""}},"required":["operation"],"additionalProperties":true};

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.operation === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.operation !== undefined){
let data0 = data.operation;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/operation",schemaPath:"#/properties/operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!(((((data0 === "count") || (data0 === "sum")) || (data0 === "avg")) || (data0 === "min")) || (data0 === "max"))){
const err2 = {instancePath:instancePath+"/operation",schemaPath:"#/properties/operation/enum",keyword:"enum",params:{allowedValues: schema28.properties.operation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.field !== undefined){
if(typeof data.field !== "string"){
const err3 = {instancePath:instancePath+"/field",schemaPath:"#/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.groupBy !== undefined){
if(typeof data.groupBy !== "string"){
const err4 = {instancePath:instancePath+"/groupBy",schemaPath:"#/properties/groupBy/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}

exports.config18 = validate28;
const schema29 = {"type":"object","properties":{"path":{"type":"string","title":"Path","default":"output/result.json"},"format":{"type":"string","title":"Format","enum":["json","jsonl","csv","text"],"default":"json"},"overwrite":{"type":"boolean","title":"Overwrite","default":true}},"required":["path","format"],"additionalProperties":true};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.format === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.path !== undefined){
if(typeof data.path !== "string"){
const err2 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.format !== undefined){
let data1 = data.format;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!((((data1 === "json") || (data1 === "jsonl")) || (data1 === "csv")) || (data1 === "text"))){
const err4 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/enum",keyword:"enum",params:{allowedValues: schema29.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.overwrite !== undefined){
if(typeof data.overwrite !== "boolean"){
const err5 = {instancePath:instancePath+"/overwrite",schemaPath:"#/properties/overwrite/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}

exports.config19 = validate29;
const schema30 = {"type":"object","properties":{"maxMessages":{"type":"integer","title":"Max messages","default":20,"minimum":1,"maximum":500},"memoryKey":{"type":"string","title":"Memory key","default":"default","description":"Nodes sharing a key share one memory"},"perSession":{"type":"boolean","title":"Per session","default":true}},"additionalProperties":true};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.maxMessages !== undefined){
let data0 = data.maxMessages;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err0 = {instancePath:instancePath+"/maxMessages",schemaPath:"#/properties/maxMessages/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 500 || isNaN(data0)){
const err1 = {instancePath:instancePath+"/maxMessages",schemaPath:"#/properties/maxMessages/maximum",keyword:"maximum",params:{comparison: "<=", limit: 500},message:"must be <= 500"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err2 = {instancePath:instancePath+"/maxMessages",schemaPath:"#/properties/maxMessages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
if(data.memoryKey !== undefined){
if(typeof data.memoryKey !== "string"){
const err3 = {instancePath:instancePath+"/memoryKey",schemaPath:"#/properties/memoryKey/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.perSession !== undefined){
if(typeof data.perSession !== "boolean"){
const err4 = {instancePath:instancePath+"/perSession",schemaPath:"#/properties/perSession/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}

exports.config20 = validate30;
const schema31 = {"type":"object","properties":{"interruptType":{"type":"string","title":"Interrupt type","enum":["confirmation","choice","text","form","review"],"default":"confirmation"},"message":{"type":"string","title":"Message","default":"Please review and confirm before the workflow continues.","format":"multiline"},"confirmLabel":{"type":"string","title":"Confirm label","default":"Approve"},"cancelLabel":{"type":"string","title":"Cancel label","default":"Reject"},"options":{"type":"array","title":"Options","description":"Choices offered when the type is \"choice\"","items":{"type":"object","properties":{"value":{"type":"string","title":"Value"},"label":{"type":"string","title":"Label"},"description":{"type":"string","title":"Description"}},"required":["value","label"]},"default":[]},"multiple":{"type":"boolean","title":"Allow several choices","default":false},"placeholder":{"type":"string","title":"Placeholder","default":"","description":"Hint shown when the type is \"text\""},"formSchema":{"type":"object","title":"Form schema","format":"json","default":{},"description":"ConfigSchema of the form when the type is \"form\""},"allowCancel":{"type":"boolean","title":"Allow cancel","default":true},"timeoutSeconds":{"type":"integer","title":"Timeout (s)","default":0,"minimum":0,"description":"0 waits forever"}},"required":["interruptType","message"],"additionalProperties":true};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.interruptType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "interruptType"},message:"must have required property '"+"interruptType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.interruptType !== undefined){
let data0 = data.interruptType;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/interruptType",schemaPath:"#/properties/interruptType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(((((data0 === "confirmation") || (data0 === "choice")) || (data0 === "text")) || (data0 === "form")) || (data0 === "review"))){
const err3 = {instancePath:instancePath+"/interruptType",schemaPath:"#/properties/interruptType/enum",keyword:"enum",params:{allowedValues: schema31.properties.interruptType.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.message !== undefined){
if(!(typeof data.message === "string")){
const err4 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.confirmLabel !== undefined){
if(typeof data.confirmLabel !== "string"){
const err5 = {instancePath:instancePath+"/confirmLabel",schemaPath:"#/properties/confirmLabel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.cancelLabel !== undefined){
if(typeof data.cancelLabel !== "string"){
const err6 = {instancePath:instancePath+"/cancelLabel",schemaPath:"#/properties/cancelLabel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.options !== undefined){
let data4 = data.options;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.value === undefined){
const err7 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/properties/options/items/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data5.label === undefined){
const err8 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/properties/options/items/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data5.value !== undefined){
if(typeof data5.value !== "string"){
const err9 = {instancePath:instancePath+"/options/" + i0+"/value",schemaPath:"#/properties/options/items/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data5.label !== undefined){
if(typeof data5.label !== "string"){
const err10 = {instancePath:instancePath+"/options/" + i0+"/label",schemaPath:"#/properties/options/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data5.description !== undefined){
if(typeof data5.description !== "string"){
const err11 = {instancePath:instancePath+"/options/" + i0+"/description",schemaPath:"#/properties/options/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/properties/options/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/options",schemaPath:"#/properties/options/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.multiple !== undefined){
if(typeof data.multiple !== "boolean"){
const err14 = {instancePath:instancePath+"/multiple",schemaPath:"#/properties/multiple/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err15 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.formSchema !== undefined){
let data11 = data.formSchema;
if(!(data11 && typeof data11 == "object" && !Array.isArray(data11))){
const err16 = {instancePath:instancePath+"/formSchema",schemaPath:"#/properties/formSchema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.allowCancel !== undefined){
if(typeof data.allowCancel !== "boolean"){
const err17 = {instancePath:instancePath+"/allowCancel",schemaPath:"#/properties/allowCancel/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.timeoutSeconds !== undefined){
let data13 = data.timeoutSeconds;
if(!((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13)))){
const err18 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(typeof data13 == "number"){
if(data13 < 0 || isNaN(data13)){
const err19 = {instancePath:instancePath+"/timeoutSeconds",schemaPath:"#/properties/timeoutSeconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}

exports.config21 = validate31;
const schema32 = {"type":"object","properties":{"title":{"type":"string","title":"Title","default":"Result"},"format":{"type":"string","title":"Format","enum":["plain","markdown","json"],"default":"markdown"}},"additionalProperties":true};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err0 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.format !== undefined){
let data1 = data.format;
if(typeof data1 !== "string"){
const err1 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!(((data1 === "plain") || (data1 === "markdown")) || (data1 === "json"))){
const err2 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/enum",keyword:"enum",params:{allowedValues: schema32.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}

exports.config22 = validate32;
const schema33 = {"type":"object","properties":{"role":{"type":"string","title":"Role","enum":["assistant","system"],"default":"assistant"},"markdown":{"type":"boolean","title":"Render markdown","default":true}},"additionalProperties":true};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.role !== undefined){
let data0 = data.role;
if(typeof data0 !== "string"){
const err0 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((data0 === "assistant") || (data0 === "system"))){
const err1 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/enum",keyword:"enum",params:{allowedValues: schema33.properties.role.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.markdown !== undefined){
if(typeof data.markdown !== "boolean"){
const err2 = {instancePath:instancePath+"/markdown",schemaPath:"#/properties/markdown/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}

exports.config23 = validate33;
const schema34 = {"type":"object","properties":{"content":{"type":"string","title":"Content","default":"Describe this part of the workflow.","format":"markdown"},"noteType":{"type":"string","title":"Style","enum":["info","warning","success","error","note"],"default":"info"}},"required":["content"],"additionalProperties":true};

function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.content === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.content !== undefined){
if(!(typeof data.content === "string")){
const err1 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.noteType !== undefined){
let data1 = data.noteType;
if(typeof data1 !== "string"){
const err2 = {instancePath:instancePath+"/noteType",schemaPath:"#/properties/noteType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(((((data1 === "info") || (data1 === "warning")) || (data1 === "success")) || (data1 === "error")) || (data1 === "note"))){
const err3 = {instancePath:instancePath+"/noteType",schemaPath:"#/properties/noteType/enum",keyword:"enum",params:{allowedValues: schema34.properties.noteType.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate33.errors = vErrors;
return errors === 0;
}

exports.config24 = validate34;
const schema35 = {"type":"object","properties":{"prompt_template":{"type":"string","title":"Prompt template","default":"{{ prompt }}","format":"template","variables":{"ports":["prompt"],"showHints":true}},"system_prompt":{"type":"string","title":"System prompt","default":"","format":"multiline"},"llm_config_ref":{"type":"string","title":"LLM config","default":"default_llm","description":"Name of a shared LLM configuration"}},"required":["prompt_template"],"additionalProperties":true};

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.prompt_template === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt_template"},message:"must have required property '"+"prompt_template"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prompt_template !== undefined){
if(!(typeof data.prompt_template === "string")){
const err1 = {instancePath:instancePath+"/prompt_template",schemaPath:"#/properties/prompt_template/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.system_prompt !== undefined){
if(!(typeof data.system_prompt === "string")){
const err2 = {instancePath:instancePath+"/system_prompt",schemaPath:"#/properties/system_prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.llm_config_ref !== undefined){
if(typeof data.llm_config_ref !== "string"){
const err3 = {instancePath:instancePath+"/llm_config_ref",schemaPath:"#/properties/llm_config_ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}

exports.config25 = validate35;
const schema36 = {"type":"object","properties":{"branches":{"type":"array","title":"Branches","description":"Condition is the literal input value selecting the branch; the default branch catches the rest","items":{"type":"object","properties":{"name":{"type":"string","title":"Name","description":"Handle id of this branch; letters, digits, _ and -"},"label":{"type":"string","title":"Label"},"condition":{"type":"string","title":"Condition","description":"Expression over the node inputs; empty for the default branch"},"isDefault":{"type":"boolean","title":"Default branch","default":false}},"required":["name"]},"minItems":1,"default":[{"name":"yes","label":"Yes","condition":"yes","isDefault":false},{"name":"default","label":"Default","condition":"","isDefault":true}]}},"additionalProperties":true};

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.branches !== undefined){
let data0 = data.branches;
if(Array.isArray(data0)){
if(data0.length < 1){
const err0 = {instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.name === undefined){
const err1 = {instancePath:instancePath+"/branches/" + i0,schemaPath:"#/properties/branches/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data1.name !== undefined){
if(typeof data1.name !== "string"){
const err2 = {instancePath:instancePath+"/branches/" + i0+"/name",schemaPath:"#/properties/branches/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data1.label !== undefined){
if(typeof data1.label !== "string"){
const err3 = {instancePath:instancePath+"/branches/" + i0+"/label",schemaPath:"#/properties/branches/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data1.condition !== undefined){
if(typeof data1.condition !== "string"){
const err4 = {instancePath:instancePath+"/branches/" + i0+"/condition",schemaPath:"#/properties/branches/items/properties/condition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data1.isDefault !== undefined){
if(typeof data1.isDefault !== "boolean"){
const err5 = {instancePath:instancePath+"/branches/" + i0+"/isDefault",schemaPath:"#/properties/branches/items/properties/isDefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/branches/" + i0,schemaPath:"#/properties/branches/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}

exports.config26 = validate36;
const schema37 = {"type":"object","properties":{"tool_ref":{"type":"string","title":"Tool","default":"","description":"Name of the tool to run"}},"additionalProperties":true};

function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.tool_ref !== undefined){
if(typeof data.tool_ref !== "string"){
const err0 = {instancePath:instancePath+"/tool_ref",schemaPath:"#/properties/tool_ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}

exports.config27 = validate37;
const schema38 = {"type":"object","properties":{"endpoint":{"type":"string","title":"Endpoint","default":"https://api.example.com/v1/resource","format":"uri"},"method":{"type":"string","title":"Method","enum":["GET","POST","PUT","PATCH","DELETE"],"default":"GET"},"headers":{"type":"object","title":"Headers","format":"json","default":{}}},"required":["endpoint","method"],"additionalProperties":true};

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.endpoint === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "endpoint"},message:"must have required property '"+"endpoint"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.method === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.endpoint !== undefined){
if(!(typeof data.endpoint === "string")){
const err2 = {instancePath:instancePath+"/endpoint",schemaPath:"#/properties/endpoint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.method !== undefined){
let data1 = data.method;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(((((data1 === "GET") || (data1 === "POST")) || (data1 === "PUT")) || (data1 === "PATCH")) || (data1 === "DELETE"))){
const err4 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/enum",keyword:"enum",params:{allowedValues: schema38.properties.method.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.headers !== undefined){
let data2 = data.headers;
if(!(data2 && typeof data2 == "object" && !Array.isArray(data2))){
const err5 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}

exports.config28 = validate38;
const schema39 = {"type":"object","properties":{"agent_ref":{"type":"string","title":"Agent","default":"","description":"Name of the agent to call"}},"additionalProperties":true};

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.agent_ref !== undefined){
if(typeof data.agent_ref !== "string"){
const err0 = {instancePath:instancePath+"/agent_ref",schemaPath:"#/properties/agent_ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}

exports.config29 = validate39;
const schema40 = {"type":"object","properties":{"flow_ref":{"type":"string","title":"Flow","default":"","description":"Name of the flow to run"}},"additionalProperties":true};

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.flow_ref !== undefined){
if(typeof data.flow_ref !== "string"){
const err0 = {instancePath:instancePath+"/flow_ref",schemaPath:"#/properties/flow_ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}

exports.config30 = validate40;
const schema41 = {"type":"object","properties":{"input_collection":{"type":"string","title":"Input collection","default":"collection"},"output_collection":{"type":"string","title":"Output collection","default":"results"},"map_flow_ref":{"type":"string","title":"Flow","default":"","description":"Name of the flow run per item"}},"additionalProperties":true};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.input_collection !== undefined){
if(typeof data.input_collection !== "string"){
const err0 = {instancePath:instancePath+"/input_collection",schemaPath:"#/properties/input_collection/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.output_collection !== undefined){
if(typeof data.output_collection !== "string"){
const err1 = {instancePath:instancePath+"/output_collection",schemaPath:"#/properties/output_collection/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.map_flow_ref !== undefined){
if(typeof data.map_flow_ref !== "string"){
const err2 = {instancePath:instancePath+"/map_flow_ref",schemaPath:"#/properties/map_flow_ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}

exports.config31 = validate41;
const schema42 = {"type":"object","properties":{"message":{"type":"string","title":"Message","default":"","format":"multiline","description":"Shown to the user; {{ name }} placeholders are inputs"}},"additionalProperties":true};

function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.message !== undefined){
if(!(typeof data.message === "string")){
const err0 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate41.errors = vErrors;
return errors === 0;
}

exports.config32 = validate42;
const schema43 = {"type":"object","properties":{"message":{"type":"string","title":"Message","default":"{{ message }}","format":"template","variables":{"ports":["message"],"showHints":true}}},"required":["message"],"additionalProperties":true};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.message === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message !== undefined){
if(!(typeof data.message === "string")){
const err1 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}

exports.config33 = validate43;
const schema44 = {"type":"object","properties":{"map_flow_ref":{"type":"string","title":"Flow","default":"","description":"Name of the flow run per item"}},"additionalProperties":true};

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.map_flow_ref !== undefined){
if(typeof data.map_flow_ref !== "string"){
const err0 = {instancePath:instancePath+"/map_flow_ref",schemaPath:"#/properties/map_flow_ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate43.errors = vErrors;
return errors === 0;
}

exports.configSchemas = {"config0":{"type":"object","properties":{},"additionalProperties":true},"config1":{"type":"object","properties":{"label":{"type":"string","title":"Field label","default":"Text"},"placeholder":{"type":"string","title":"Placeholder","default":"Type something…"},"defaultValue":{"type":"string","title":"Default value","default":"","format":"multiline"},"multiline":{"type":"boolean","title":"Multi-line","default":true}},"additionalProperties":true},"config2":{"type":"object","properties":{"placeholder":{"type":"string","title":"Placeholder","default":"Ask me anything…"},"includeHistory":{"type":"boolean","title":"Include history","default":true},"maxHistory":{"type":"integer","title":"History length","default":20,"minimum":0,"maximum":200}},"additionalProperties":true},"config3":{"type":"object","properties":{"path":{"type":"string","title":"Path","default":"data/input.csv","placeholder":"data/input.csv"},"accept":{"type":"string","title":"Accepted types","default":".csv,.json,.txt"},"maxSizeMb":{"type":"integer","title":"Max size (MB)","default":10,"minimum":1,"maximum":1024}},"required":["path"],"additionalProperties":true},"config4":{"type":"object","properties":{"template":{"type":"string","title":"Template","default":"Answer the question below.\n\nQuestion: {{ input }}","format":"template","variables":{"ports":["input","context"],"showHints":true}}},"required":["template"],"additionalProperties":true},"config5":{"type":"object","properties":{"model":{"type":"string","title":"Model","enum":["gpt-4o-mini","gpt-4o","claude-3-5-sonnet","claude-3-5-haiku","llama-3.1-8b-instruct","mistral-small"],"default":"gpt-4o-mini"},"temperature":{"type":"number","title":"Temperature","default":0.7,"minimum":0,"maximum":2,"step":0.1,"format":"range"},"maxTokens":{"type":"integer","title":"Max tokens","default":1024,"minimum":1,"maximum":32768},"systemPrompt":{"type":"string","title":"System prompt","default":"You are a helpful assistant.","format":"multiline"},"mockResponse":{"type":"string","title":"Mock response","default":"","format":"multiline","description":"Reply used by the local runner instead of calling a model; empty echoes the prompt"}},"required":["model"],"additionalProperties":true},"config6":{"type":"object","properties":{"branches":{"type":"array","title":"Branches","description":"Each branch becomes an output handle","items":{"type":"object","properties":{"name":{"type":"string","title":"Name","description":"Handle id of this branch; letters, digits, _ and -"},"label":{"type":"string","title":"Label"},"condition":{"type":"string","title":"Condition","description":"Expression over the node inputs; empty for the default branch"},"isDefault":{"type":"boolean","title":"Default branch","default":false}},"required":["name"]},"minItems":1,"default":[{"name":"match","label":"Match","condition":"value === 'yes'","isDefault":false},{"name":"default","label":"Default","condition":"","isDefault":true}]},"evaluation":{"type":"string","title":"Evaluation","enum":["first_match","all_matches"],"default":"first_match"}},"additionalProperties":true},"config7":{"type":"object","properties":{"maxIterations":{"type":"integer","title":"Max iterations","default":1000,"minimum":1},"continueOnError":{"type":"boolean","title":"Continue on error","default":false}},"additionalProperties":true},"config8":{"type":"object","properties":{"precision":{"type":"integer","title":"Decimal places","default":6,"minimum":0,"maximum":15},"angleUnit":{"type":"string","title":"Angle unit","enum":["radians","degrees"],"default":"radians"}},"additionalProperties":true},"config9":{"type":"object","properties":{"provider":{"type":"string","title":"Provider","enum":["duckduckgo","brave","bing"],"default":"duckduckgo"},"maxResults":{"type":"integer","title":"Max results","default":5,"minimum":1,"maximum":50},"safeSearch":{"type":"boolean","title":"Safe search","default":true}},"additionalProperties":true},"config10":{"type":"object","properties":{"method":{"type":"string","title":"Method","enum":["GET","POST","PUT","PATCH","DELETE"],"default":"GET"},"url":{"type":"string","title":"URL","default":"https://api.example.com/v1/status","format":"uri"},"headers":{"type":"object","title":"Headers","format":"json","default":{}},"timeoutMs":{"type":"integer","title":"Timeout (ms)","default":10000,"minimum":100,"maximum":300000},"mockResponse":{"type":"object","title":"Mock response","format":"json","default":{},"description":"Body returned by the local runner instead of calling the URL"}},"required":["method","url"],"additionalProperties":true},"config11":{"type":"object","properties":{"path":{"type":"string","title":"Path","default":"","placeholder":"$.items","description":"Optional JSONPath of the value to extract"},"strict":{"type":"boolean","title":"Strict","default":true},"stripCodeFences":{"type":"boolean","title":"Strip code fences","default":true,"description":"Remove ```json fences around model output"}},"additionalProperties":true},"config12":{"type":"object","properties":{"operation":{"type":"string","title":"Operation","enum":["template","uppercase","lowercase","trim","truncate"],"default":"template"},"template":{"type":"string","title":"Template","default":"{{ text }}","format":"template","variables":{"ports":["text","data"],"showHints":true}},"maxLength":{"type":"integer","title":"Max length","default":0,"minimum":0,"description":"0 keeps the full text"}},"required":["operation"],"additionalProperties":true},"config13":{"type":"object","properties":{"delimiter":{"type":"string","title":"Delimiter","default":",","maxLength":1},"hasHeader":{"type":"boolean","title":"First row is a header","default":true},"encoding":{"type":"string","title":"Encoding","enum":["utf-8","latin1"],"default":"utf-8"}},"additionalProperties":true},"config14":{"type":"object","properties":{"condition":{"type":"string","title":"Condition","default":"record.status === 'active'","description":"Expression over `record`"}},"required":["condition"],"additionalProperties":true},"config15":{"type":"object","properties":{"mapping":{"type":"object","title":"Mapping","format":"json","default":{"id":"record.id"},"description":"Output field → expression over `record`"},"dropUnmapped":{"type":"boolean","title":"Drop unmapped fields","default":false}},"required":["mapping"],"additionalProperties":true},"config16":{"type":"object","properties":{"strategy":{"type":"string","title":"Strategy","enum":["append","inner_join","left_join"],"default":"append"},"key":{"type":"string","title":"Join key","default":"id"}},"required":["strategy"],"additionalProperties":true},"config17":{"type":"object","properties":{"operation":{"type":"string","title":"Operation","enum":["count","sum","avg","min","max"],"default":"count"},"field":{"type":"string","title":"Field","default":"","description":"Field to aggregate; not needed for count"},"groupBy":{"type":"string","title":"Group by","default":""}},"required":["operation"],"additionalProperties":true},"config18":{"type":"object","properties":{"path":{"type":"string","title":"Path","default":"output/result.json"},"format":{"type":"string","title":"Format","enum":["json","jsonl","csv","text"],"default":"json"},"overwrite":{"type":"boolean","title":"Overwrite","default":true}},"required":["path","format"],"additionalProperties":true},"config19":{"type":"object","properties":{"maxMessages":{"type":"integer","title":"Max messages","default":20,"minimum":1,"maximum":500},"memoryKey":{"type":"string","title":"Memory key","default":"default","description":"Nodes sharing a key share one memory"},"perSession":{"type":"boolean","title":"Per session","default":true}},"additionalProperties":true},"config20":{"type":"object","properties":{"interruptType":{"type":"string","title":"Interrupt type","enum":["confirmation","choice","text","form","review"],"default":"confirmation"},"message":{"type":"string","title":"Message","default":"Please review and confirm before the workflow continues.","format":"multiline"},"confirmLabel":{"type":"string","title":"Confirm label","default":"Approve"},"cancelLabel":{"type":"string","title":"Cancel label","default":"Reject"},"options":{"type":"array","title":"Options","description":"Choices offered when the type is \"choice\"","items":{"type":"object","properties":{"value":{"type":"string","title":"Value"},"label":{"type":"string","title":"Label"},"description":{"type":"string","title":"Description"}},"required":["value","label"]},"default":[]},"multiple":{"type":"boolean","title":"Allow several choices","default":false},"placeholder":{"type":"string","title":"Placeholder","default":"","description":"Hint shown when the type is \"text\""},"formSchema":{"type":"object","title":"Form schema","format":"json","default":{},"description":"ConfigSchema of the form when the type is \"form\""},"allowCancel":{"type":"boolean","title":"Allow cancel","default":true},"timeoutSeconds":{"type":"integer","title":"Timeout (s)","default":0,"minimum":0,"description":"0 waits forever"}},"required":["interruptType","message"],"additionalProperties":true},"config21":{"type":"object","properties":{"title":{"type":"string","title":"Title","default":"Result"},"format":{"type":"string","title":"Format","enum":["plain","markdown","json"],"default":"markdown"}},"additionalProperties":true},"config22":{"type":"object","properties":{"role":{"type":"string","title":"Role","enum":["assistant","system"],"default":"assistant"},"markdown":{"type":"boolean","title":"Render markdown","default":true}},"additionalProperties":true},"config23":{"type":"object","properties":{"content":{"type":"string","title":"Content","default":"Describe this part of the workflow.","format":"markdown"},"noteType":{"type":"string","title":"Style","enum":["info","warning","success","error","note"],"default":"info"}},"required":["content"],"additionalProperties":true},"config24":{"type":"object","properties":{"prompt_template":{"type":"string","title":"Prompt template","default":"{{ prompt }}","format":"template","variables":{"ports":["prompt"],"showHints":true}},"system_prompt":{"type":"string","title":"System prompt","default":"","format":"multiline"},"llm_config_ref":{"type":"string","title":"LLM config","default":"default_llm","description":"Name of a shared LLM configuration"}},"required":["prompt_template"],"additionalProperties":true},"config25":{"type":"object","properties":{"branches":{"type":"array","title":"Branches","description":"Condition is the literal input value selecting the branch; the default branch catches the rest","items":{"type":"object","properties":{"name":{"type":"string","title":"Name","description":"Handle id of this branch; letters, digits, _ and -"},"label":{"type":"string","title":"Label"},"condition":{"type":"string","title":"Condition","description":"Expression over the node inputs; empty for the default branch"},"isDefault":{"type":"boolean","title":"Default branch","default":false}},"required":["name"]},"minItems":1,"default":[{"name":"yes","label":"Yes","condition":"yes","isDefault":false},{"name":"default","label":"Default","condition":"","isDefault":true}]}},"additionalProperties":true},"config26":{"type":"object","properties":{"tool_ref":{"type":"string","title":"Tool","default":"","description":"Name of the tool to run"}},"additionalProperties":true},"config27":{"type":"object","properties":{"endpoint":{"type":"string","title":"Endpoint","default":"https://api.example.com/v1/resource","format":"uri"},"method":{"type":"string","title":"Method","enum":["GET","POST","PUT","PATCH","DELETE"],"default":"GET"},"headers":{"type":"object","title":"Headers","format":"json","default":{}}},"required":["endpoint","method"],"additionalProperties":true},"config28":{"type":"object","properties":{"agent_ref":{"type":"string","title":"Agent","default":"","description":"Name of the agent to call"}},"additionalProperties":true},"config29":{"type":"object","properties":{"flow_ref":{"type":"string","title":"Flow","default":"","description":"Name of the flow to run"}},"additionalProperties":true},"config30":{"type":"object","properties":{"input_collection":{"type":"string","title":"Input collection","default":"collection"},"output_collection":{"type":"string","title":"Output collection","default":"results"},"map_flow_ref":{"type":"string","title":"Flow","default":"","description":"Name of the flow run per item"}},"additionalProperties":true},"config31":{"type":"object","properties":{"message":{"type":"string","title":"Message","default":"","format":"multiline","description":"Shown to the user; {{ name }} placeholders are inputs"}},"additionalProperties":true},"config32":{"type":"object","properties":{"message":{"type":"string","title":"Message","default":"{{ message }}","format":"template","variables":{"ports":["message"],"showHints":true}}},"required":["message"],"additionalProperties":true},"config33":{"type":"object","properties":{"map_flow_ref":{"type":"string","title":"Flow","default":"","description":"Name of the flow run per item"}},"additionalProperties":true}};
