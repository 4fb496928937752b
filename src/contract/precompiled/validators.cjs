"use strict";
// Generated from src/contract/schemas.ts by ajv's standalone code generation (scripts/precompiled-validators.mjs).
// Do not edit: run `npm run generate` after changing a schema. `npm run check:generated` fails while this is stale.
/* eslint-disable */
exports.validateWorkflowFile = validate10;
const schema11 = {"$id":"wfe:workflow-file","type":"object","required":["id","name","nodes","edges"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200},"name":{"type":"string","minLength":1,"maxLength":200},"description":{"type":"string","maxLength":1000},"nodes":{"type":"array","items":{"$ref":"wfe:node"}},"edges":{"type":"array","items":{"$ref":"wfe:edge"}},"metadata":{"type":"object","properties":{"version":{"type":"string"},"schemaVersion":{"type":"string"},"createdAt":{"type":"string","format":"date-time"},"updatedAt":{"type":"string","format":"date-time"},"author":{"type":"string","maxLength":100},"tags":{"type":"array","maxItems":20,"items":{"type":"string","maxLength":50}},"versionId":{"type":"string"},"updateNumber":{"type":"integer","minimum":0},"format":{"type":"string"}}},"config":{"type":"object"}}};
const schema16 = {"$id":"wfe:edge","type":"object","required":["id","source","target"],"properties":{"id":{"type":"string","minLength":1},"source":{"type":"string","minLength":1},"target":{"type":"string","minLength":1},"sourceHandle":{"type":["string","null"]},"targetHandle":{"type":["string","null"]},"type":{"type":"string"},"selectable":{"type":"boolean"},"deletable":{"type":"boolean"},"data":{"type":"object"}}};
const func2 = require("ajv/dist/runtime/ucs2length").default;
const schema12 = {"$id":"wfe:node","type":"object","required":["id","type","position","data"],"properties":{"id":{"type":"string","minLength":1},"type":{"type":"string"},"position":{"type":"object","required":["x","y"],"properties":{"x":{"type":"number"},"y":{"type":"number"}}},"deletable":{"type":"boolean"},"data":{"type":"object","required":["label","config","metadata"],"properties":{"label":{"type":"string"},"config":{"type":"object","properties":{"instanceTitle":{"type":"string"},"instanceDescription":{"type":"string"},"instanceBadge":{"type":"string"},"nodeType":{"type":"string"},"dynamicInputs":{"type":"array","items":{"type":"object","required":["name","dataType"],"properties":{"name":{"type":"string","minLength":1},"label":{"type":"string"},"dataType":{"type":"string","minLength":1},"required":{"type":"boolean"}}}},"dynamicOutputs":{"type":"array","items":{"type":"object","required":["name","dataType"],"properties":{"name":{"type":"string","minLength":1},"label":{"type":"string"},"dataType":{"type":"string","minLength":1},"required":{"type":"boolean"}}}},"branches":{"type":"array","items":{"type":"object","required":["name"],"properties":{"name":{"type":"string","minLength":1},"label":{"type":"string"},"description":{"type":"string"},"condition":{"type":"string"},"isDefault":{"type":"boolean"}}}}}},"metadata":{"$ref":"wfe:node-metadata"},"isProcessing":{"type":"boolean"},"error":{"type":"string"},"nodeId":{"type":"string"},"extensions":{"type":"object"}}}}};
const schema13 = {"$id":"wfe:node-metadata","type":"object","required":["id","name","description","category","version","inputs","outputs"],"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"},"description":{"type":"string"},"category":{"type":"string"},"version":{"type":"string"},"type":{"type":"string"},"supportedTypes":{"type":"array","items":{"type":"string"}},"icon":{"type":"string"},"color":{"type":"string"},"badge":{"type":"string"},"portDataType":{"type":"string"},"inputs":{"type":"array","items":{"$ref":"wfe:port"}},"outputs":{"type":"array","items":{"$ref":"wfe:port"}},"configSchema":{"type":"object"},"tags":{"type":"array","items":{"type":"string"}},"formats":{"type":"array","items":{"type":"string"}},"extensions":{"type":"object"}}};
const schema14 = {"$id":"wfe:port","type":"object","required":["id","name","dataType"],"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"},"type":{"enum":["input","output","metadata"]},"dataType":{"type":"string","minLength":1},"required":{"type":"boolean"},"description":{"type":"string"},"schema":{"type":"object"}}};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:node-metadata" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.description === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.category === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "category"},message:"must have required property '"+"category"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.version === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.inputs === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "inputs"},message:"must have required property '"+"inputs"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.outputs === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outputs"},message:"must have required property '"+"outputs"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.category !== undefined){
if(typeof data.category !== "string"){
const err11 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.version !== undefined){
if(typeof data.version !== "string"){
const err12 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.type !== undefined){
if(typeof data.type !== "string"){
const err13 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.supportedTypes !== undefined){
let data6 = data.supportedTypes;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
if(typeof data6[i0] !== "string"){
const err14 = {instancePath:instancePath+"/supportedTypes/" + i0,schemaPath:"#/properties/supportedTypes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/supportedTypes",schemaPath:"#/properties/supportedTypes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err16 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.color !== undefined){
if(typeof data.color !== "string"){
const err17 = {instancePath:instancePath+"/color",schemaPath:"#/properties/color/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.badge !== undefined){
if(typeof data.badge !== "string"){
const err18 = {instancePath:instancePath+"/badge",schemaPath:"#/properties/badge/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.portDataType !== undefined){
if(typeof data.portDataType !== "string"){
const err19 = {instancePath:instancePath+"/portDataType",schemaPath:"#/properties/portDataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.inputs !== undefined){
let data12 = data.inputs;
if(Array.isArray(data12)){
const len1 = data12.length;
for(let i1=0; i1<len1; i1++){
let data13 = data12[i1];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.id === undefined){
const err20 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data13.name === undefined){
const err21 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data13.dataType === undefined){
const err22 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port/required",keyword:"required",params:{missingProperty: "dataType"},message:"must have required property '"+"dataType"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data13.id !== undefined){
let data14 = data13.id;
if(typeof data14 === "string"){
if(func2(data14) < 1){
const err23 = {instancePath:instancePath+"/inputs/" + i1+"/id",schemaPath:"wfe:port/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/inputs/" + i1+"/id",schemaPath:"wfe:port/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data13.name !== undefined){
if(typeof data13.name !== "string"){
const err25 = {instancePath:instancePath+"/inputs/" + i1+"/name",schemaPath:"wfe:port/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data13.type !== undefined){
let data16 = data13.type;
if(!(((data16 === "input") || (data16 === "output")) || (data16 === "metadata"))){
const err26 = {instancePath:instancePath+"/inputs/" + i1+"/type",schemaPath:"wfe:port/properties/type/enum",keyword:"enum",params:{allowedValues: schema14.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data13.dataType !== undefined){
let data17 = data13.dataType;
if(typeof data17 === "string"){
if(func2(data17) < 1){
const err27 = {instancePath:instancePath+"/inputs/" + i1+"/dataType",schemaPath:"wfe:port/properties/dataType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/inputs/" + i1+"/dataType",schemaPath:"wfe:port/properties/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data13.required !== undefined){
if(typeof data13.required !== "boolean"){
const err29 = {instancePath:instancePath+"/inputs/" + i1+"/required",schemaPath:"wfe:port/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data13.description !== undefined){
if(typeof data13.description !== "string"){
const err30 = {instancePath:instancePath+"/inputs/" + i1+"/description",schemaPath:"wfe:port/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data13.schema !== undefined){
let data20 = data13.schema;
if(!(data20 && typeof data20 == "object" && !Array.isArray(data20))){
const err31 = {instancePath:instancePath+"/inputs/" + i1+"/schema",schemaPath:"wfe:port/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.outputs !== undefined){
let data21 = data.outputs;
if(Array.isArray(data21)){
const len2 = data21.length;
for(let i2=0; i2<len2; i2++){
let data22 = data21[i2];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.id === undefined){
const err34 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data22.name === undefined){
const err35 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data22.dataType === undefined){
const err36 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port/required",keyword:"required",params:{missingProperty: "dataType"},message:"must have required property '"+"dataType"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data22.id !== undefined){
let data23 = data22.id;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err37 = {instancePath:instancePath+"/outputs/" + i2+"/id",schemaPath:"wfe:port/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/outputs/" + i2+"/id",schemaPath:"wfe:port/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data22.name !== undefined){
if(typeof data22.name !== "string"){
const err39 = {instancePath:instancePath+"/outputs/" + i2+"/name",schemaPath:"wfe:port/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data22.type !== undefined){
let data25 = data22.type;
if(!(((data25 === "input") || (data25 === "output")) || (data25 === "metadata"))){
const err40 = {instancePath:instancePath+"/outputs/" + i2+"/type",schemaPath:"wfe:port/properties/type/enum",keyword:"enum",params:{allowedValues: schema14.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data22.dataType !== undefined){
let data26 = data22.dataType;
if(typeof data26 === "string"){
if(func2(data26) < 1){
const err41 = {instancePath:instancePath+"/outputs/" + i2+"/dataType",schemaPath:"wfe:port/properties/dataType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/outputs/" + i2+"/dataType",schemaPath:"wfe:port/properties/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data22.required !== undefined){
if(typeof data22.required !== "boolean"){
const err43 = {instancePath:instancePath+"/outputs/" + i2+"/required",schemaPath:"wfe:port/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data22.description !== undefined){
if(typeof data22.description !== "string"){
const err44 = {instancePath:instancePath+"/outputs/" + i2+"/description",schemaPath:"wfe:port/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data22.schema !== undefined){
let data29 = data22.schema;
if(!(data29 && typeof data29 == "object" && !Array.isArray(data29))){
const err45 = {instancePath:instancePath+"/outputs/" + i2+"/schema",schemaPath:"wfe:port/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.configSchema !== undefined){
let data30 = data.configSchema;
if(!(data30 && typeof data30 == "object" && !Array.isArray(data30))){
const err48 = {instancePath:instancePath+"/configSchema",schemaPath:"#/properties/configSchema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.tags !== undefined){
let data31 = data.tags;
if(Array.isArray(data31)){
const len3 = data31.length;
for(let i3=0; i3<len3; i3++){
if(typeof data31[i3] !== "string"){
const err49 = {instancePath:instancePath+"/tags/" + i3,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.formats !== undefined){
let data33 = data.formats;
if(Array.isArray(data33)){
const len4 = data33.length;
for(let i4=0; i4<len4; i4++){
if(typeof data33[i4] !== "string"){
const err51 = {instancePath:instancePath+"/formats/" + i4,schemaPath:"#/properties/formats/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/formats",schemaPath:"#/properties/formats/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.extensions !== undefined){
let data35 = data.extensions;
if(!(data35 && typeof data35 == "object" && !Array.isArray(data35))){
const err53 = {instancePath:instancePath+"/extensions",schemaPath:"#/properties/extensions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}


function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:node" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.type === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.position === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "position"},message:"must have required property '"+"position"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.data === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.type !== undefined){
if(typeof data.type !== "string"){
const err6 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.position !== undefined){
let data2 = data.position;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.x === undefined){
const err7 = {instancePath:instancePath+"/position",schemaPath:"#/properties/position/required",keyword:"required",params:{missingProperty: "x"},message:"must have required property '"+"x"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2.y === undefined){
const err8 = {instancePath:instancePath+"/position",schemaPath:"#/properties/position/required",keyword:"required",params:{missingProperty: "y"},message:"must have required property '"+"y"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.x !== undefined){
if(!(typeof data2.x == "number")){
const err9 = {instancePath:instancePath+"/position/x",schemaPath:"#/properties/position/properties/x/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data2.y !== undefined){
if(!(typeof data2.y == "number")){
const err10 = {instancePath:instancePath+"/position/y",schemaPath:"#/properties/position/properties/y/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err11 = {instancePath:instancePath+"/position",schemaPath:"#/properties/position/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.deletable !== undefined){
if(typeof data.deletable !== "boolean"){
const err12 = {instancePath:instancePath+"/deletable",schemaPath:"#/properties/deletable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.data !== undefined){
let data6 = data.data;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.label === undefined){
const err13 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data6.config === undefined){
const err14 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/required",keyword:"required",params:{missingProperty: "config"},message:"must have required property '"+"config"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data6.metadata === undefined){
const err15 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/required",keyword:"required",params:{missingProperty: "metadata"},message:"must have required property '"+"metadata"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data6.label !== undefined){
if(typeof data6.label !== "string"){
const err16 = {instancePath:instancePath+"/data/label",schemaPath:"#/properties/data/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data6.config !== undefined){
let data8 = data6.config;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.instanceTitle !== undefined){
if(typeof data8.instanceTitle !== "string"){
const err17 = {instancePath:instancePath+"/data/config/instanceTitle",schemaPath:"#/properties/data/properties/config/properties/instanceTitle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.instanceDescription !== undefined){
if(typeof data8.instanceDescription !== "string"){
const err18 = {instancePath:instancePath+"/data/config/instanceDescription",schemaPath:"#/properties/data/properties/config/properties/instanceDescription/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.instanceBadge !== undefined){
if(typeof data8.instanceBadge !== "string"){
const err19 = {instancePath:instancePath+"/data/config/instanceBadge",schemaPath:"#/properties/data/properties/config/properties/instanceBadge/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.nodeType !== undefined){
if(typeof data8.nodeType !== "string"){
const err20 = {instancePath:instancePath+"/data/config/nodeType",schemaPath:"#/properties/data/properties/config/properties/nodeType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data8.dynamicInputs !== undefined){
let data13 = data8.dynamicInputs;
if(Array.isArray(data13)){
const len0 = data13.length;
for(let i0=0; i0<len0; i0++){
let data14 = data13[i0];
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.name === undefined){
const err21 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0,schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data14.dataType === undefined){
const err22 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0,schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/required",keyword:"required",params:{missingProperty: "dataType"},message:"must have required property '"+"dataType"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data14.name !== undefined){
let data15 = data14.name;
if(typeof data15 === "string"){
if(func2(data15) < 1){
const err23 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0+"/name",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0+"/name",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data14.label !== undefined){
if(typeof data14.label !== "string"){
const err25 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0+"/label",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data14.dataType !== undefined){
let data17 = data14.dataType;
if(typeof data17 === "string"){
if(func2(data17) < 1){
const err26 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0+"/dataType",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/properties/dataType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0+"/dataType",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/properties/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data14.required !== undefined){
if(typeof data14.required !== "boolean"){
const err28 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0+"/required",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/data/config/dynamicInputs/" + i0,schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/data/config/dynamicInputs",schemaPath:"#/properties/data/properties/config/properties/dynamicInputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data8.dynamicOutputs !== undefined){
let data19 = data8.dynamicOutputs;
if(Array.isArray(data19)){
const len1 = data19.length;
for(let i1=0; i1<len1; i1++){
let data20 = data19[i1];
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name === undefined){
const err31 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1,schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data20.dataType === undefined){
const err32 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1,schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/required",keyword:"required",params:{missingProperty: "dataType"},message:"must have required property '"+"dataType"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 === "string"){
if(func2(data21) < 1){
const err33 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1+"/name",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1+"/name",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data20.label !== undefined){
if(typeof data20.label !== "string"){
const err35 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1+"/label",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data20.dataType !== undefined){
let data23 = data20.dataType;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err36 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1+"/dataType",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/properties/dataType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1+"/dataType",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/properties/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data20.required !== undefined){
if(typeof data20.required !== "boolean"){
const err38 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1+"/required",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/data/config/dynamicOutputs/" + i1,schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/data/config/dynamicOutputs",schemaPath:"#/properties/data/properties/config/properties/dynamicOutputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data8.branches !== undefined){
let data25 = data8.branches;
if(Array.isArray(data25)){
const len2 = data25.length;
for(let i2=0; i2<len2; i2++){
let data26 = data25[i2];
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.name === undefined){
const err41 = {instancePath:instancePath+"/data/config/branches/" + i2,schemaPath:"#/properties/data/properties/config/properties/branches/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data26.name !== undefined){
let data27 = data26.name;
if(typeof data27 === "string"){
if(func2(data27) < 1){
const err42 = {instancePath:instancePath+"/data/config/branches/" + i2+"/name",schemaPath:"#/properties/data/properties/config/properties/branches/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/data/config/branches/" + i2+"/name",schemaPath:"#/properties/data/properties/config/properties/branches/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data26.label !== undefined){
if(typeof data26.label !== "string"){
const err44 = {instancePath:instancePath+"/data/config/branches/" + i2+"/label",schemaPath:"#/properties/data/properties/config/properties/branches/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data26.description !== undefined){
if(typeof data26.description !== "string"){
const err45 = {instancePath:instancePath+"/data/config/branches/" + i2+"/description",schemaPath:"#/properties/data/properties/config/properties/branches/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data26.condition !== undefined){
if(typeof data26.condition !== "string"){
const err46 = {instancePath:instancePath+"/data/config/branches/" + i2+"/condition",schemaPath:"#/properties/data/properties/config/properties/branches/items/properties/condition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data26.isDefault !== undefined){
if(typeof data26.isDefault !== "boolean"){
const err47 = {instancePath:instancePath+"/data/config/branches/" + i2+"/isDefault",schemaPath:"#/properties/data/properties/config/properties/branches/items/properties/isDefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath:instancePath+"/data/config/branches/" + i2,schemaPath:"#/properties/data/properties/config/properties/branches/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/data/config/branches",schemaPath:"#/properties/data/properties/config/properties/branches/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/data/config",schemaPath:"#/properties/data/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data6.metadata !== undefined){
if(!(validate12(data6.metadata, {instancePath:instancePath+"/data/metadata",parentData:data6,parentDataProperty:"metadata",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
if(data6.isProcessing !== undefined){
if(typeof data6.isProcessing !== "boolean"){
const err51 = {instancePath:instancePath+"/data/isProcessing",schemaPath:"#/properties/data/properties/isProcessing/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data6.error !== undefined){
if(typeof data6.error !== "string"){
const err52 = {instancePath:instancePath+"/data/error",schemaPath:"#/properties/data/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data6.nodeId !== undefined){
if(typeof data6.nodeId !== "string"){
const err53 = {instancePath:instancePath+"/data/nodeId",schemaPath:"#/properties/data/properties/nodeId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data6.extensions !== undefined){
let data36 = data6.extensions;
if(!(data36 && typeof data36 == "object" && !Array.isArray(data36))){
const err54 = {instancePath:instancePath+"/data/extensions",schemaPath:"#/properties/data/properties/extensions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}

const formats0 = require("ajv-formats/dist/formats").fullFormats["date-time"];

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:workflow-file" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.nodes === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "nodes"},message:"must have required property '"+"nodes"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.edges === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "edges"},message:"must have required property '"+"edges"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func2(data0) > 200){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func2(data0) < 1){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func2(data1) > 200){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func2(data1) < 1){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func2(data2) > 1000){
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.nodes !== undefined){
let data3 = data.nodes;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(!(validate11(data3[i0], {instancePath:instancePath+"/nodes/" + i0,parentData:data3,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
else {
const err12 = {instancePath:instancePath+"/nodes",schemaPath:"#/properties/nodes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.edges !== undefined){
let data5 = data.edges;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.id === undefined){
const err13 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data6.source === undefined){
const err14 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data6.target === undefined){
const err15 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data6.id !== undefined){
let data7 = data6.id;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err16 = {instancePath:instancePath+"/edges/" + i1+"/id",schemaPath:"wfe:edge/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/edges/" + i1+"/id",schemaPath:"wfe:edge/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data6.source !== undefined){
let data8 = data6.source;
if(typeof data8 === "string"){
if(func2(data8) < 1){
const err18 = {instancePath:instancePath+"/edges/" + i1+"/source",schemaPath:"wfe:edge/properties/source/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/edges/" + i1+"/source",schemaPath:"wfe:edge/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.target !== undefined){
let data9 = data6.target;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err20 = {instancePath:instancePath+"/edges/" + i1+"/target",schemaPath:"wfe:edge/properties/target/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/edges/" + i1+"/target",schemaPath:"wfe:edge/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.sourceHandle !== undefined){
let data10 = data6.sourceHandle;
if((typeof data10 !== "string") && (data10 !== null)){
const err22 = {instancePath:instancePath+"/edges/" + i1+"/sourceHandle",schemaPath:"wfe:edge/properties/sourceHandle/type",keyword:"type",params:{type: schema16.properties.sourceHandle.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.targetHandle !== undefined){
let data11 = data6.targetHandle;
if((typeof data11 !== "string") && (data11 !== null)){
const err23 = {instancePath:instancePath+"/edges/" + i1+"/targetHandle",schemaPath:"wfe:edge/properties/targetHandle/type",keyword:"type",params:{type: schema16.properties.targetHandle.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.type !== undefined){
if(typeof data6.type !== "string"){
const err24 = {instancePath:instancePath+"/edges/" + i1+"/type",schemaPath:"wfe:edge/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data6.selectable !== undefined){
if(typeof data6.selectable !== "boolean"){
const err25 = {instancePath:instancePath+"/edges/" + i1+"/selectable",schemaPath:"wfe:edge/properties/selectable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data6.deletable !== undefined){
if(typeof data6.deletable !== "boolean"){
const err26 = {instancePath:instancePath+"/edges/" + i1+"/deletable",schemaPath:"wfe:edge/properties/deletable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data6.data !== undefined){
let data15 = data6.data;
if(!(data15 && typeof data15 == "object" && !Array.isArray(data15))){
const err27 = {instancePath:instancePath+"/edges/" + i1+"/data",schemaPath:"wfe:edge/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/edges",schemaPath:"#/properties/edges/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.metadata !== undefined){
let data16 = data.metadata;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.version !== undefined){
if(typeof data16.version !== "string"){
const err30 = {instancePath:instancePath+"/metadata/version",schemaPath:"#/properties/metadata/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data16.schemaVersion !== undefined){
if(typeof data16.schemaVersion !== "string"){
const err31 = {instancePath:instancePath+"/metadata/schemaVersion",schemaPath:"#/properties/metadata/properties/schemaVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data16.createdAt !== undefined){
let data19 = data16.createdAt;
if(typeof data19 === "string"){
if(!(formats0.validate(data19))){
const err32 = {instancePath:instancePath+"/metadata/createdAt",schemaPath:"#/properties/metadata/properties/createdAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/metadata/createdAt",schemaPath:"#/properties/metadata/properties/createdAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data16.updatedAt !== undefined){
let data20 = data16.updatedAt;
if(typeof data20 === "string"){
if(!(formats0.validate(data20))){
const err34 = {instancePath:instancePath+"/metadata/updatedAt",schemaPath:"#/properties/metadata/properties/updatedAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/metadata/updatedAt",schemaPath:"#/properties/metadata/properties/updatedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data16.author !== undefined){
let data21 = data16.author;
if(typeof data21 === "string"){
if(func2(data21) > 100){
const err36 = {instancePath:instancePath+"/metadata/author",schemaPath:"#/properties/metadata/properties/author/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/metadata/author",schemaPath:"#/properties/metadata/properties/author/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data16.tags !== undefined){
let data22 = data16.tags;
if(Array.isArray(data22)){
if(data22.length > 20){
const err38 = {instancePath:instancePath+"/metadata/tags",schemaPath:"#/properties/metadata/properties/tags/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const len2 = data22.length;
for(let i2=0; i2<len2; i2++){
let data23 = data22[i2];
if(typeof data23 === "string"){
if(func2(data23) > 50){
const err39 = {instancePath:instancePath+"/metadata/tags/" + i2,schemaPath:"#/properties/metadata/properties/tags/items/maxLength",keyword:"maxLength",params:{limit: 50},message:"must NOT have more than 50 characters"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/metadata/tags/" + i2,schemaPath:"#/properties/metadata/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/metadata/tags",schemaPath:"#/properties/metadata/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data16.versionId !== undefined){
if(typeof data16.versionId !== "string"){
const err42 = {instancePath:instancePath+"/metadata/versionId",schemaPath:"#/properties/metadata/properties/versionId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data16.updateNumber !== undefined){
let data25 = data16.updateNumber;
if(!((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25)))){
const err43 = {instancePath:instancePath+"/metadata/updateNumber",schemaPath:"#/properties/metadata/properties/updateNumber/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(typeof data25 == "number"){
if(data25 < 0 || isNaN(data25)){
const err44 = {instancePath:instancePath+"/metadata/updateNumber",schemaPath:"#/properties/metadata/properties/updateNumber/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
if(data16.format !== undefined){
if(typeof data16.format !== "string"){
const err45 = {instancePath:instancePath+"/metadata/format",schemaPath:"#/properties/metadata/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.config !== undefined){
let data27 = data.config;
if(!(data27 && typeof data27 == "object" && !Array.isArray(data27))){
const err47 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

exports.validateCreateWorkflow = validate15;
const schema17 = {"$id":"wfe:create-workflow","type":"object","required":["name"],"properties":{"id":{"type":"string","maxLength":200},"name":{"type":"string","minLength":1,"maxLength":200},"description":{"type":"string","maxLength":1000},"nodes":{"type":"array","items":{"$ref":"wfe:node"}},"edges":{"type":"array","items":{"$ref":"wfe:edge"}},"metadata":{"type":"object","properties":{"version":{"type":"string"},"schemaVersion":{"type":"string"},"createdAt":{"type":"string","format":"date-time"},"updatedAt":{"type":"string","format":"date-time"},"author":{"type":"string","maxLength":100},"tags":{"type":"array","maxItems":20,"items":{"type":"string","maxLength":50}},"versionId":{"type":"string"},"updateNumber":{"type":"integer","minimum":0},"format":{"type":"string"}}},"config":{"type":"object"},"tags":{"type":"array","maxItems":20,"items":{"type":"string","maxLength":50}}}};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:create-workflow" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func2(data0) > 200){
const err1 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func2(data1) > 200){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func2(data1) < 1){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func2(data2) > 1000){
const err6 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.nodes !== undefined){
let data3 = data.nodes;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(!(validate11(data3[i0], {instancePath:instancePath+"/nodes/" + i0,parentData:data3,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
else {
const err8 = {instancePath:instancePath+"/nodes",schemaPath:"#/properties/nodes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.edges !== undefined){
let data5 = data.edges;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.id === undefined){
const err9 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data6.source === undefined){
const err10 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data6.target === undefined){
const err11 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data6.id !== undefined){
let data7 = data6.id;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err12 = {instancePath:instancePath+"/edges/" + i1+"/id",schemaPath:"wfe:edge/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/edges/" + i1+"/id",schemaPath:"wfe:edge/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data6.source !== undefined){
let data8 = data6.source;
if(typeof data8 === "string"){
if(func2(data8) < 1){
const err14 = {instancePath:instancePath+"/edges/" + i1+"/source",schemaPath:"wfe:edge/properties/source/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/edges/" + i1+"/source",schemaPath:"wfe:edge/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data6.target !== undefined){
let data9 = data6.target;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err16 = {instancePath:instancePath+"/edges/" + i1+"/target",schemaPath:"wfe:edge/properties/target/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/edges/" + i1+"/target",schemaPath:"wfe:edge/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data6.sourceHandle !== undefined){
let data10 = data6.sourceHandle;
if((typeof data10 !== "string") && (data10 !== null)){
const err18 = {instancePath:instancePath+"/edges/" + i1+"/sourceHandle",schemaPath:"wfe:edge/properties/sourceHandle/type",keyword:"type",params:{type: schema16.properties.sourceHandle.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data6.targetHandle !== undefined){
let data11 = data6.targetHandle;
if((typeof data11 !== "string") && (data11 !== null)){
const err19 = {instancePath:instancePath+"/edges/" + i1+"/targetHandle",schemaPath:"wfe:edge/properties/targetHandle/type",keyword:"type",params:{type: schema16.properties.targetHandle.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.type !== undefined){
if(typeof data6.type !== "string"){
const err20 = {instancePath:instancePath+"/edges/" + i1+"/type",schemaPath:"wfe:edge/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.selectable !== undefined){
if(typeof data6.selectable !== "boolean"){
const err21 = {instancePath:instancePath+"/edges/" + i1+"/selectable",schemaPath:"wfe:edge/properties/selectable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.deletable !== undefined){
if(typeof data6.deletable !== "boolean"){
const err22 = {instancePath:instancePath+"/edges/" + i1+"/deletable",schemaPath:"wfe:edge/properties/deletable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.data !== undefined){
let data15 = data6.data;
if(!(data15 && typeof data15 == "object" && !Array.isArray(data15))){
const err23 = {instancePath:instancePath+"/edges/" + i1+"/data",schemaPath:"wfe:edge/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/edges",schemaPath:"#/properties/edges/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.metadata !== undefined){
let data16 = data.metadata;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.version !== undefined){
if(typeof data16.version !== "string"){
const err26 = {instancePath:instancePath+"/metadata/version",schemaPath:"#/properties/metadata/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data16.schemaVersion !== undefined){
if(typeof data16.schemaVersion !== "string"){
const err27 = {instancePath:instancePath+"/metadata/schemaVersion",schemaPath:"#/properties/metadata/properties/schemaVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.createdAt !== undefined){
let data19 = data16.createdAt;
if(typeof data19 === "string"){
if(!(formats0.validate(data19))){
const err28 = {instancePath:instancePath+"/metadata/createdAt",schemaPath:"#/properties/metadata/properties/createdAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/metadata/createdAt",schemaPath:"#/properties/metadata/properties/createdAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data16.updatedAt !== undefined){
let data20 = data16.updatedAt;
if(typeof data20 === "string"){
if(!(formats0.validate(data20))){
const err30 = {instancePath:instancePath+"/metadata/updatedAt",schemaPath:"#/properties/metadata/properties/updatedAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/metadata/updatedAt",schemaPath:"#/properties/metadata/properties/updatedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data16.author !== undefined){
let data21 = data16.author;
if(typeof data21 === "string"){
if(func2(data21) > 100){
const err32 = {instancePath:instancePath+"/metadata/author",schemaPath:"#/properties/metadata/properties/author/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/metadata/author",schemaPath:"#/properties/metadata/properties/author/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data16.tags !== undefined){
let data22 = data16.tags;
if(Array.isArray(data22)){
if(data22.length > 20){
const err34 = {instancePath:instancePath+"/metadata/tags",schemaPath:"#/properties/metadata/properties/tags/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const len2 = data22.length;
for(let i2=0; i2<len2; i2++){
let data23 = data22[i2];
if(typeof data23 === "string"){
if(func2(data23) > 50){
const err35 = {instancePath:instancePath+"/metadata/tags/" + i2,schemaPath:"#/properties/metadata/properties/tags/items/maxLength",keyword:"maxLength",params:{limit: 50},message:"must NOT have more than 50 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/metadata/tags/" + i2,schemaPath:"#/properties/metadata/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/metadata/tags",schemaPath:"#/properties/metadata/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data16.versionId !== undefined){
if(typeof data16.versionId !== "string"){
const err38 = {instancePath:instancePath+"/metadata/versionId",schemaPath:"#/properties/metadata/properties/versionId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data16.updateNumber !== undefined){
let data25 = data16.updateNumber;
if(!((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25)))){
const err39 = {instancePath:instancePath+"/metadata/updateNumber",schemaPath:"#/properties/metadata/properties/updateNumber/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(typeof data25 == "number"){
if(data25 < 0 || isNaN(data25)){
const err40 = {instancePath:instancePath+"/metadata/updateNumber",schemaPath:"#/properties/metadata/properties/updateNumber/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
if(data16.format !== undefined){
if(typeof data16.format !== "string"){
const err41 = {instancePath:instancePath+"/metadata/format",schemaPath:"#/properties/metadata/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.config !== undefined){
let data27 = data.config;
if(!(data27 && typeof data27 == "object" && !Array.isArray(data27))){
const err43 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.tags !== undefined){
let data28 = data.tags;
if(Array.isArray(data28)){
if(data28.length > 20){
const err44 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
const len3 = data28.length;
for(let i3=0; i3<len3; i3++){
let data29 = data28[i3];
if(typeof data29 === "string"){
if(func2(data29) > 50){
const err45 = {instancePath:instancePath+"/tags/" + i3,schemaPath:"#/properties/tags/items/maxLength",keyword:"maxLength",params:{limit: 50},message:"must NOT have more than 50 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/tags/" + i3,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
validate15.errors = vErrors;
return errors === 0;
}

exports.validateUpdateWorkflow = validate17;
const schema19 = {"$id":"wfe:update-workflow","type":"object","properties":{"id":{"type":"string","maxLength":200},"name":{"type":"string","minLength":1,"maxLength":200},"description":{"type":"string","maxLength":1000},"nodes":{"type":"array","items":{"$ref":"wfe:node"}},"edges":{"type":"array","items":{"$ref":"wfe:edge"}},"metadata":{"type":"object","properties":{"version":{"type":"string"},"schemaVersion":{"type":"string"},"createdAt":{"type":"string","format":"date-time"},"updatedAt":{"type":"string","format":"date-time"},"author":{"type":"string","maxLength":100},"tags":{"type":"array","maxItems":20,"items":{"type":"string","maxLength":50}},"versionId":{"type":"string"},"updateNumber":{"type":"integer","minimum":0},"format":{"type":"string"}}},"config":{"type":"object"}}};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:update-workflow" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func2(data0) > 200){
const err0 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
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
const err1 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func2(data1) > 200){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func2(data1) < 1){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func2(data2) > 1000){
const err5 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.nodes !== undefined){
let data3 = data.nodes;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(!(validate11(data3[i0], {instancePath:instancePath+"/nodes/" + i0,parentData:data3,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/nodes",schemaPath:"#/properties/nodes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.edges !== undefined){
let data5 = data.edges;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.id === undefined){
const err8 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data6.source === undefined){
const err9 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data6.target === undefined){
const err10 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data6.id !== undefined){
let data7 = data6.id;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err11 = {instancePath:instancePath+"/edges/" + i1+"/id",schemaPath:"wfe:edge/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/edges/" + i1+"/id",schemaPath:"wfe:edge/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data6.source !== undefined){
let data8 = data6.source;
if(typeof data8 === "string"){
if(func2(data8) < 1){
const err13 = {instancePath:instancePath+"/edges/" + i1+"/source",schemaPath:"wfe:edge/properties/source/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/edges/" + i1+"/source",schemaPath:"wfe:edge/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data6.target !== undefined){
let data9 = data6.target;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err15 = {instancePath:instancePath+"/edges/" + i1+"/target",schemaPath:"wfe:edge/properties/target/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/edges/" + i1+"/target",schemaPath:"wfe:edge/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data6.sourceHandle !== undefined){
let data10 = data6.sourceHandle;
if((typeof data10 !== "string") && (data10 !== null)){
const err17 = {instancePath:instancePath+"/edges/" + i1+"/sourceHandle",schemaPath:"wfe:edge/properties/sourceHandle/type",keyword:"type",params:{type: schema16.properties.sourceHandle.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data6.targetHandle !== undefined){
let data11 = data6.targetHandle;
if((typeof data11 !== "string") && (data11 !== null)){
const err18 = {instancePath:instancePath+"/edges/" + i1+"/targetHandle",schemaPath:"wfe:edge/properties/targetHandle/type",keyword:"type",params:{type: schema16.properties.targetHandle.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data6.type !== undefined){
if(typeof data6.type !== "string"){
const err19 = {instancePath:instancePath+"/edges/" + i1+"/type",schemaPath:"wfe:edge/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.selectable !== undefined){
if(typeof data6.selectable !== "boolean"){
const err20 = {instancePath:instancePath+"/edges/" + i1+"/selectable",schemaPath:"wfe:edge/properties/selectable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.deletable !== undefined){
if(typeof data6.deletable !== "boolean"){
const err21 = {instancePath:instancePath+"/edges/" + i1+"/deletable",schemaPath:"wfe:edge/properties/deletable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.data !== undefined){
let data15 = data6.data;
if(!(data15 && typeof data15 == "object" && !Array.isArray(data15))){
const err22 = {instancePath:instancePath+"/edges/" + i1+"/data",schemaPath:"wfe:edge/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/edges/" + i1,schemaPath:"wfe:edge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/edges",schemaPath:"#/properties/edges/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.metadata !== undefined){
let data16 = data.metadata;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.version !== undefined){
if(typeof data16.version !== "string"){
const err25 = {instancePath:instancePath+"/metadata/version",schemaPath:"#/properties/metadata/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data16.schemaVersion !== undefined){
if(typeof data16.schemaVersion !== "string"){
const err26 = {instancePath:instancePath+"/metadata/schemaVersion",schemaPath:"#/properties/metadata/properties/schemaVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data16.createdAt !== undefined){
let data19 = data16.createdAt;
if(typeof data19 === "string"){
if(!(formats0.validate(data19))){
const err27 = {instancePath:instancePath+"/metadata/createdAt",schemaPath:"#/properties/metadata/properties/createdAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/metadata/createdAt",schemaPath:"#/properties/metadata/properties/createdAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data16.updatedAt !== undefined){
let data20 = data16.updatedAt;
if(typeof data20 === "string"){
if(!(formats0.validate(data20))){
const err29 = {instancePath:instancePath+"/metadata/updatedAt",schemaPath:"#/properties/metadata/properties/updatedAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/metadata/updatedAt",schemaPath:"#/properties/metadata/properties/updatedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data16.author !== undefined){
let data21 = data16.author;
if(typeof data21 === "string"){
if(func2(data21) > 100){
const err31 = {instancePath:instancePath+"/metadata/author",schemaPath:"#/properties/metadata/properties/author/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/metadata/author",schemaPath:"#/properties/metadata/properties/author/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data16.tags !== undefined){
let data22 = data16.tags;
if(Array.isArray(data22)){
if(data22.length > 20){
const err33 = {instancePath:instancePath+"/metadata/tags",schemaPath:"#/properties/metadata/properties/tags/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
const len2 = data22.length;
for(let i2=0; i2<len2; i2++){
let data23 = data22[i2];
if(typeof data23 === "string"){
if(func2(data23) > 50){
const err34 = {instancePath:instancePath+"/metadata/tags/" + i2,schemaPath:"#/properties/metadata/properties/tags/items/maxLength",keyword:"maxLength",params:{limit: 50},message:"must NOT have more than 50 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/metadata/tags/" + i2,schemaPath:"#/properties/metadata/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/metadata/tags",schemaPath:"#/properties/metadata/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data16.versionId !== undefined){
if(typeof data16.versionId !== "string"){
const err37 = {instancePath:instancePath+"/metadata/versionId",schemaPath:"#/properties/metadata/properties/versionId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data16.updateNumber !== undefined){
let data25 = data16.updateNumber;
if(!((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25)))){
const err38 = {instancePath:instancePath+"/metadata/updateNumber",schemaPath:"#/properties/metadata/properties/updateNumber/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(typeof data25 == "number"){
if(data25 < 0 || isNaN(data25)){
const err39 = {instancePath:instancePath+"/metadata/updateNumber",schemaPath:"#/properties/metadata/properties/updateNumber/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data16.format !== undefined){
if(typeof data16.format !== "string"){
const err40 = {instancePath:instancePath+"/metadata/format",schemaPath:"#/properties/metadata/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.config !== undefined){
let data27 = data.config;
if(!(data27 && typeof data27 == "object" && !Array.isArray(data27))){
const err42 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
validate17.errors = vErrors;
return errors === 0;
}

exports.validateNodeType = validate19;
const schema21 = {"$id":"wfe:node-type","type":"object","required":["id","name","description","category","version","inputs","outputs"],"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"},"description":{"type":"string"},"category":{"type":"string","minLength":1},"version":{"type":"string"},"type":{"enum":["note","simple","square","tool","gateway","terminal","default"]},"supportedTypes":{"type":"array","items":{"enum":["note","simple","square","tool","gateway","terminal","default"]}},"icon":{"type":"string"},"color":{"type":"string"},"badge":{"type":"string"},"portDataType":{"type":"string"},"inputs":{"type":"array","items":{"$ref":"wfe:port-definition"}},"outputs":{"type":"array","items":{"$ref":"wfe:port-definition"}},"configSchema":{"type":"object","required":["type","properties"],"properties":{"type":{"const":"object"},"properties":{"type":"object","additionalProperties":{"type":"object","required":["type"],"properties":{"type":{"enum":["string","number","boolean","array","object","integer"]}}}},"required":{"type":"array","items":{"type":"string"}},"additionalProperties":{"type":"boolean"}}},"tags":{"type":"array","items":{"type":"string"}},"formats":{"type":"array","items":{"type":"string"}},"extensions":{"type":"object"},"config":{"type":"object"}}};
const schema22 = {"$id":"wfe:port-definition","type":"object","required":["id","name","type","dataType"],"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"},"type":{"enum":["input","output","metadata"]},"dataType":{"type":"string","minLength":1},"required":{"type":"boolean"},"description":{"type":"string"},"schema":{"type":"object"}}};

function validate19(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:node-type" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.description === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.category === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "category"},message:"must have required property '"+"category"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.version === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.inputs === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "inputs"},message:"must have required property '"+"inputs"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.outputs === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outputs"},message:"must have required property '"+"outputs"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.category !== undefined){
let data3 = data.category;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err11 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.version !== undefined){
if(typeof data.version !== "string"){
const err13 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.type !== undefined){
let data5 = data.type;
if(!(((((((data5 === "note") || (data5 === "simple")) || (data5 === "square")) || (data5 === "tool")) || (data5 === "gateway")) || (data5 === "terminal")) || (data5 === "default"))){
const err14 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema21.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.supportedTypes !== undefined){
let data6 = data.supportedTypes;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(!(((((((data7 === "note") || (data7 === "simple")) || (data7 === "square")) || (data7 === "tool")) || (data7 === "gateway")) || (data7 === "terminal")) || (data7 === "default"))){
const err15 = {instancePath:instancePath+"/supportedTypes/" + i0,schemaPath:"#/properties/supportedTypes/items/enum",keyword:"enum",params:{allowedValues: schema21.properties.supportedTypes.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/supportedTypes",schemaPath:"#/properties/supportedTypes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err17 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.color !== undefined){
if(typeof data.color !== "string"){
const err18 = {instancePath:instancePath+"/color",schemaPath:"#/properties/color/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.badge !== undefined){
if(typeof data.badge !== "string"){
const err19 = {instancePath:instancePath+"/badge",schemaPath:"#/properties/badge/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.portDataType !== undefined){
if(typeof data.portDataType !== "string"){
const err20 = {instancePath:instancePath+"/portDataType",schemaPath:"#/properties/portDataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.inputs !== undefined){
let data12 = data.inputs;
if(Array.isArray(data12)){
const len1 = data12.length;
for(let i1=0; i1<len1; i1++){
let data13 = data12[i1];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.id === undefined){
const err21 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data13.name === undefined){
const err22 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data13.type === undefined){
const err23 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data13.dataType === undefined){
const err24 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "dataType"},message:"must have required property '"+"dataType"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data13.id !== undefined){
let data14 = data13.id;
if(typeof data14 === "string"){
if(func2(data14) < 1){
const err25 = {instancePath:instancePath+"/inputs/" + i1+"/id",schemaPath:"wfe:port-definition/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/inputs/" + i1+"/id",schemaPath:"wfe:port-definition/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data13.name !== undefined){
if(typeof data13.name !== "string"){
const err27 = {instancePath:instancePath+"/inputs/" + i1+"/name",schemaPath:"wfe:port-definition/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data13.type !== undefined){
let data16 = data13.type;
if(!(((data16 === "input") || (data16 === "output")) || (data16 === "metadata"))){
const err28 = {instancePath:instancePath+"/inputs/" + i1+"/type",schemaPath:"wfe:port-definition/properties/type/enum",keyword:"enum",params:{allowedValues: schema22.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data13.dataType !== undefined){
let data17 = data13.dataType;
if(typeof data17 === "string"){
if(func2(data17) < 1){
const err29 = {instancePath:instancePath+"/inputs/" + i1+"/dataType",schemaPath:"wfe:port-definition/properties/dataType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/inputs/" + i1+"/dataType",schemaPath:"wfe:port-definition/properties/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data13.required !== undefined){
if(typeof data13.required !== "boolean"){
const err31 = {instancePath:instancePath+"/inputs/" + i1+"/required",schemaPath:"wfe:port-definition/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data13.description !== undefined){
if(typeof data13.description !== "string"){
const err32 = {instancePath:instancePath+"/inputs/" + i1+"/description",schemaPath:"wfe:port-definition/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data13.schema !== undefined){
let data20 = data13.schema;
if(!(data20 && typeof data20 == "object" && !Array.isArray(data20))){
const err33 = {instancePath:instancePath+"/inputs/" + i1+"/schema",schemaPath:"wfe:port-definition/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/inputs/" + i1,schemaPath:"wfe:port-definition/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.outputs !== undefined){
let data21 = data.outputs;
if(Array.isArray(data21)){
const len2 = data21.length;
for(let i2=0; i2<len2; i2++){
let data22 = data21[i2];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.id === undefined){
const err36 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data22.name === undefined){
const err37 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data22.type === undefined){
const err38 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data22.dataType === undefined){
const err39 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port-definition/required",keyword:"required",params:{missingProperty: "dataType"},message:"must have required property '"+"dataType"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data22.id !== undefined){
let data23 = data22.id;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err40 = {instancePath:instancePath+"/outputs/" + i2+"/id",schemaPath:"wfe:port-definition/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/outputs/" + i2+"/id",schemaPath:"wfe:port-definition/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data22.name !== undefined){
if(typeof data22.name !== "string"){
const err42 = {instancePath:instancePath+"/outputs/" + i2+"/name",schemaPath:"wfe:port-definition/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data22.type !== undefined){
let data25 = data22.type;
if(!(((data25 === "input") || (data25 === "output")) || (data25 === "metadata"))){
const err43 = {instancePath:instancePath+"/outputs/" + i2+"/type",schemaPath:"wfe:port-definition/properties/type/enum",keyword:"enum",params:{allowedValues: schema22.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data22.dataType !== undefined){
let data26 = data22.dataType;
if(typeof data26 === "string"){
if(func2(data26) < 1){
const err44 = {instancePath:instancePath+"/outputs/" + i2+"/dataType",schemaPath:"wfe:port-definition/properties/dataType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/outputs/" + i2+"/dataType",schemaPath:"wfe:port-definition/properties/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data22.required !== undefined){
if(typeof data22.required !== "boolean"){
const err46 = {instancePath:instancePath+"/outputs/" + i2+"/required",schemaPath:"wfe:port-definition/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data22.description !== undefined){
if(typeof data22.description !== "string"){
const err47 = {instancePath:instancePath+"/outputs/" + i2+"/description",schemaPath:"wfe:port-definition/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data22.schema !== undefined){
let data29 = data22.schema;
if(!(data29 && typeof data29 == "object" && !Array.isArray(data29))){
const err48 = {instancePath:instancePath+"/outputs/" + i2+"/schema",schemaPath:"wfe:port-definition/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/outputs/" + i2,schemaPath:"wfe:port-definition/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.configSchema !== undefined){
let data30 = data.configSchema;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(data30.type === undefined){
const err51 = {instancePath:instancePath+"/configSchema",schemaPath:"#/properties/configSchema/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data30.properties === undefined){
const err52 = {instancePath:instancePath+"/configSchema",schemaPath:"#/properties/configSchema/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data30.type !== undefined){
if("object" !== data30.type){
const err53 = {instancePath:instancePath+"/configSchema/type",schemaPath:"#/properties/configSchema/properties/type/const",keyword:"const",params:{allowedValue: "object"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data30.properties !== undefined){
let data32 = data30.properties;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
for(const key0 in data32){
let data33 = data32[key0];
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.type === undefined){
const err54 = {instancePath:instancePath+"/configSchema/properties/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/configSchema/properties/properties/additionalProperties/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data33.type !== undefined){
let data34 = data33.type;
if(!((((((data34 === "string") || (data34 === "number")) || (data34 === "boolean")) || (data34 === "array")) || (data34 === "object")) || (data34 === "integer"))){
const err55 = {instancePath:instancePath+"/configSchema/properties/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/configSchema/properties/properties/additionalProperties/properties/type/enum",keyword:"enum",params:{allowedValues: schema21.properties.configSchema.properties.properties.additionalProperties.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath:instancePath+"/configSchema/properties/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/configSchema/properties/properties/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
else {
const err57 = {instancePath:instancePath+"/configSchema/properties",schemaPath:"#/properties/configSchema/properties/properties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data30.required !== undefined){
let data35 = data30.required;
if(Array.isArray(data35)){
const len3 = data35.length;
for(let i3=0; i3<len3; i3++){
if(typeof data35[i3] !== "string"){
const err58 = {instancePath:instancePath+"/configSchema/required/" + i3,schemaPath:"#/properties/configSchema/properties/required/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
else {
const err59 = {instancePath:instancePath+"/configSchema/required",schemaPath:"#/properties/configSchema/properties/required/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data30.additionalProperties !== undefined){
if(typeof data30.additionalProperties !== "boolean"){
const err60 = {instancePath:instancePath+"/configSchema/additionalProperties",schemaPath:"#/properties/configSchema/properties/additionalProperties/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/configSchema",schemaPath:"#/properties/configSchema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.tags !== undefined){
let data38 = data.tags;
if(Array.isArray(data38)){
const len4 = data38.length;
for(let i4=0; i4<len4; i4++){
if(typeof data38[i4] !== "string"){
const err62 = {instancePath:instancePath+"/tags/" + i4,schemaPath:"#/properties/tags/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath:instancePath+"/tags",schemaPath:"#/properties/tags/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.formats !== undefined){
let data40 = data.formats;
if(Array.isArray(data40)){
const len5 = data40.length;
for(let i5=0; i5<len5; i5++){
if(typeof data40[i5] !== "string"){
const err64 = {instancePath:instancePath+"/formats/" + i5,schemaPath:"#/properties/formats/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
else {
const err65 = {instancePath:instancePath+"/formats",schemaPath:"#/properties/formats/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.extensions !== undefined){
let data42 = data.extensions;
if(!(data42 && typeof data42 == "object" && !Array.isArray(data42))){
const err66 = {instancePath:instancePath+"/extensions",schemaPath:"#/properties/extensions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data.config !== undefined){
let data43 = data.config;
if(!(data43 && typeof data43 == "object" && !Array.isArray(data43))){
const err67 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
else {
const err68 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
validate19.errors = vErrors;
return errors === 0;
}

exports.validateRunRequest = validate20;
const schema24 = {"$id":"wfe:run-request","type":"object","properties":{"inputs":{"type":"object"},"options":{"type":"object","properties":{"timeout":{"type":"integer","minimum":1},"maxSteps":{"type":"integer","minimum":1}}}}};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:run-request" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.inputs !== undefined){
let data0 = data.inputs;
if(!(data0 && typeof data0 == "object" && !Array.isArray(data0))){
const err0 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.options !== undefined){
let data1 = data.options;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.timeout !== undefined){
let data2 = data1.timeout;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err1 = {instancePath:instancePath+"/options/timeout",schemaPath:"#/properties/options/properties/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 < 1 || isNaN(data2)){
const err2 = {instancePath:instancePath+"/options/timeout",schemaPath:"#/properties/options/properties/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data1.maxSteps !== undefined){
let data3 = data1.maxSteps;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err3 = {instancePath:instancePath+"/options/maxSteps",schemaPath:"#/properties/options/properties/maxSteps/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 < 1 || isNaN(data3)){
const err4 = {instancePath:instancePath+"/options/maxSteps",schemaPath:"#/properties/options/properties/maxSteps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
const err5 = {instancePath:instancePath+"/options",schemaPath:"#/properties/options/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
validate20.errors = vErrors;
return errors === 0;
}

exports.validateExecuteRequest = validate21;
const schema25 = {"$id":"wfe:execute-request","type":"object","properties":{"inputs":{"type":"object"},"options":{"type":"object","properties":{"timeout":{"type":"integer","minimum":1},"maxSteps":{"type":"integer","minimum":1}}},"workflowId":{"type":"string","minLength":1},"workflow_id":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"workflow":{"type":"object"}}};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:execute-request" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.inputs !== undefined){
let data0 = data.inputs;
if(!(data0 && typeof data0 == "object" && !Array.isArray(data0))){
const err0 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.options !== undefined){
let data1 = data.options;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.timeout !== undefined){
let data2 = data1.timeout;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err1 = {instancePath:instancePath+"/options/timeout",schemaPath:"#/properties/options/properties/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 < 1 || isNaN(data2)){
const err2 = {instancePath:instancePath+"/options/timeout",schemaPath:"#/properties/options/properties/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data1.maxSteps !== undefined){
let data3 = data1.maxSteps;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err3 = {instancePath:instancePath+"/options/maxSteps",schemaPath:"#/properties/options/properties/maxSteps/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 < 1 || isNaN(data3)){
const err4 = {instancePath:instancePath+"/options/maxSteps",schemaPath:"#/properties/options/properties/maxSteps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
const err5 = {instancePath:instancePath+"/options",schemaPath:"#/properties/options/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.workflowId !== undefined){
let data4 = data.workflowId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err6 = {instancePath:instancePath+"/workflowId",schemaPath:"#/properties/workflowId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/workflowId",schemaPath:"#/properties/workflowId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.workflow_id !== undefined){
let data5 = data.workflow_id;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err8 = {instancePath:instancePath+"/workflow_id",schemaPath:"#/properties/workflow_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/workflow_id",schemaPath:"#/properties/workflow_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.id !== undefined){
let data6 = data.id;
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.workflow !== undefined){
let data7 = data.workflow;
if(!(data7 && typeof data7 == "object" && !Array.isArray(data7))){
const err12 = {instancePath:instancePath+"/workflow",schemaPath:"#/properties/workflow/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err13 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}

exports.validateCreateSession = validate22;
const schema26 = {"$id":"wfe:create-session","type":"object","properties":{"name":{"type":"string","maxLength":100},"metadata":{"type":"object"}}};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:create-session" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func2(data0) > 100){
const err0 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
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
const err1 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.metadata !== undefined){
let data1 = data.metadata;
if(!(data1 && typeof data1 == "object" && !Array.isArray(data1))){
const err2 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
validate22.errors = vErrors;
return errors === 0;
}

exports.validateSendMessage = validate23;
const schema27 = {"$id":"wfe:send-message","type":"object","required":["content"],"properties":{"content":{"type":"string","maxLength":10000},"inputs":{"type":"object"}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:send-message" */;
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
let data0 = data.content;
if(typeof data0 === "string"){
if(func2(data0) > 10000){
const err1 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.inputs !== undefined){
let data1 = data.inputs;
if(!(data1 && typeof data1 == "object" && !Array.isArray(data1))){
const err3 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
validate23.errors = vErrors;
return errors === 0;
}

exports.validateInterruptAnswer = validate24;
const schema28 = {"$id":"wfe:interrupt-answer","type":"object","required":["value"]};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:interrupt-answer" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.value === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
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
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}

exports.validateAgentSpecExecute = validate25;
const schema29 = {"$id":"wfe:agentspec-execute","type":"object","required":["flow"],"properties":{"inputs":{"type":"object"}}};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:agentspec-execute" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.flow === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "flow"},message:"must have required property '"+"flow"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.inputs !== undefined){
let data0 = data.inputs;
if(!(data0 && typeof data0 == "object" && !Array.isArray(data0))){
const err1 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
validate25.errors = vErrors;
return errors === 0;
}

exports.validateAgentSpecFlow = validate26;
const schema30 = {"$id":"wfe:agentspec-flow","type":"object","required":["name","start_node","nodes","control_flow_connections"],"properties":{"name":{"type":"string"},"description":{"type":["string","null"]},"metadata":{"type":["object","null"]},"inputs":{"type":["array","null"],"items":{"type":"object","required":["title"],"properties":{"title":{"type":"string","minLength":1}}}},"outputs":{"type":["array","null"],"items":{"type":"object","required":["title"],"properties":{"title":{"type":"string","minLength":1}}}},"start_node":{"type":"object"},"nodes":{"type":"array","minItems":1,"items":{"type":"object"}},"control_flow_connections":{"type":"array","items":{"type":"object","required":["from_node","to_node"],"properties":{"from_node":{"type":"object"},"to_node":{"type":"object"},"from_branch":{"type":["string","null"]},"metadata":{"type":["object","null"]}}}},"data_flow_connections":{"type":["array","null"],"items":{"type":"object","required":["source_node","source_output","destination_node","destination_input"],"properties":{"source_node":{"type":"object"},"source_output":{"type":"string","minLength":1},"destination_node":{"type":"object"},"destination_input":{"type":"string","minLength":1},"metadata":{"type":["object","null"]}}}},"$referenced_components":{"type":"object"}}};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:agentspec-flow" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.start_node === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "start_node"},message:"must have required property '"+"start_node"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.nodes === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "nodes"},message:"must have required property '"+"nodes"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.control_flow_connections === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "control_flow_connections"},message:"must have required property '"+"control_flow_connections"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.description !== undefined){
let data1 = data.description;
if((typeof data1 !== "string") && (data1 !== null)){
const err5 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema30.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.metadata !== undefined){
let data2 = data.metadata;
if((!(data2 && typeof data2 == "object" && !Array.isArray(data2))) && (data2 !== null)){
const err6 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: schema30.properties.metadata.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.inputs !== undefined){
let data3 = data.inputs;
if((!(Array.isArray(data3))) && (data3 !== null)){
const err7 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: schema30.properties.inputs.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.title === undefined){
const err8 = {instancePath:instancePath+"/inputs/" + i0,schemaPath:"#/properties/inputs/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data4.title !== undefined){
let data5 = data4.title;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err9 = {instancePath:instancePath+"/inputs/" + i0+"/title",schemaPath:"#/properties/inputs/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/inputs/" + i0+"/title",schemaPath:"#/properties/inputs/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err11 = {instancePath:instancePath+"/inputs/" + i0,schemaPath:"#/properties/inputs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
}
if(data.outputs !== undefined){
let data6 = data.outputs;
if((!(Array.isArray(data6))) && (data6 !== null)){
const err12 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: schema30.properties.outputs.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.title === undefined){
const err13 = {instancePath:instancePath+"/outputs/" + i1,schemaPath:"#/properties/outputs/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data7.title !== undefined){
let data8 = data7.title;
if(typeof data8 === "string"){
if(func2(data8) < 1){
const err14 = {instancePath:instancePath+"/outputs/" + i1+"/title",schemaPath:"#/properties/outputs/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/outputs/" + i1+"/title",schemaPath:"#/properties/outputs/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/outputs/" + i1,schemaPath:"#/properties/outputs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
}
if(data.start_node !== undefined){
let data9 = data.start_node;
if(!(data9 && typeof data9 == "object" && !Array.isArray(data9))){
const err17 = {instancePath:instancePath+"/start_node",schemaPath:"#/properties/start_node/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.nodes !== undefined){
let data10 = data.nodes;
if(Array.isArray(data10)){
if(data10.length < 1){
const err18 = {instancePath:instancePath+"/nodes",schemaPath:"#/properties/nodes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const len2 = data10.length;
for(let i2=0; i2<len2; i2++){
let data11 = data10[i2];
if(!(data11 && typeof data11 == "object" && !Array.isArray(data11))){
const err19 = {instancePath:instancePath+"/nodes/" + i2,schemaPath:"#/properties/nodes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err20 = {instancePath:instancePath+"/nodes",schemaPath:"#/properties/nodes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.control_flow_connections !== undefined){
let data12 = data.control_flow_connections;
if(Array.isArray(data12)){
const len3 = data12.length;
for(let i3=0; i3<len3; i3++){
let data13 = data12[i3];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.from_node === undefined){
const err21 = {instancePath:instancePath+"/control_flow_connections/" + i3,schemaPath:"#/properties/control_flow_connections/items/required",keyword:"required",params:{missingProperty: "from_node"},message:"must have required property '"+"from_node"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data13.to_node === undefined){
const err22 = {instancePath:instancePath+"/control_flow_connections/" + i3,schemaPath:"#/properties/control_flow_connections/items/required",keyword:"required",params:{missingProperty: "to_node"},message:"must have required property '"+"to_node"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data13.from_node !== undefined){
let data14 = data13.from_node;
if(!(data14 && typeof data14 == "object" && !Array.isArray(data14))){
const err23 = {instancePath:instancePath+"/control_flow_connections/" + i3+"/from_node",schemaPath:"#/properties/control_flow_connections/items/properties/from_node/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data13.to_node !== undefined){
let data15 = data13.to_node;
if(!(data15 && typeof data15 == "object" && !Array.isArray(data15))){
const err24 = {instancePath:instancePath+"/control_flow_connections/" + i3+"/to_node",schemaPath:"#/properties/control_flow_connections/items/properties/to_node/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data13.from_branch !== undefined){
let data16 = data13.from_branch;
if((typeof data16 !== "string") && (data16 !== null)){
const err25 = {instancePath:instancePath+"/control_flow_connections/" + i3+"/from_branch",schemaPath:"#/properties/control_flow_connections/items/properties/from_branch/type",keyword:"type",params:{type: schema30.properties.control_flow_connections.items.properties.from_branch.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data13.metadata !== undefined){
let data17 = data13.metadata;
if((!(data17 && typeof data17 == "object" && !Array.isArray(data17))) && (data17 !== null)){
const err26 = {instancePath:instancePath+"/control_flow_connections/" + i3+"/metadata",schemaPath:"#/properties/control_flow_connections/items/properties/metadata/type",keyword:"type",params:{type: schema30.properties.control_flow_connections.items.properties.metadata.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/control_flow_connections/" + i3,schemaPath:"#/properties/control_flow_connections/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/control_flow_connections",schemaPath:"#/properties/control_flow_connections/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.data_flow_connections !== undefined){
let data18 = data.data_flow_connections;
if((!(Array.isArray(data18))) && (data18 !== null)){
const err29 = {instancePath:instancePath+"/data_flow_connections",schemaPath:"#/properties/data_flow_connections/type",keyword:"type",params:{type: schema30.properties.data_flow_connections.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(Array.isArray(data18)){
const len4 = data18.length;
for(let i4=0; i4<len4; i4++){
let data19 = data18[i4];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.source_node === undefined){
const err30 = {instancePath:instancePath+"/data_flow_connections/" + i4,schemaPath:"#/properties/data_flow_connections/items/required",keyword:"required",params:{missingProperty: "source_node"},message:"must have required property '"+"source_node"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data19.source_output === undefined){
const err31 = {instancePath:instancePath+"/data_flow_connections/" + i4,schemaPath:"#/properties/data_flow_connections/items/required",keyword:"required",params:{missingProperty: "source_output"},message:"must have required property '"+"source_output"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data19.destination_node === undefined){
const err32 = {instancePath:instancePath+"/data_flow_connections/" + i4,schemaPath:"#/properties/data_flow_connections/items/required",keyword:"required",params:{missingProperty: "destination_node"},message:"must have required property '"+"destination_node"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data19.destination_input === undefined){
const err33 = {instancePath:instancePath+"/data_flow_connections/" + i4,schemaPath:"#/properties/data_flow_connections/items/required",keyword:"required",params:{missingProperty: "destination_input"},message:"must have required property '"+"destination_input"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data19.source_node !== undefined){
let data20 = data19.source_node;
if(!(data20 && typeof data20 == "object" && !Array.isArray(data20))){
const err34 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/source_node",schemaPath:"#/properties/data_flow_connections/items/properties/source_node/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data19.source_output !== undefined){
let data21 = data19.source_output;
if(typeof data21 === "string"){
if(func2(data21) < 1){
const err35 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/source_output",schemaPath:"#/properties/data_flow_connections/items/properties/source_output/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/source_output",schemaPath:"#/properties/data_flow_connections/items/properties/source_output/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data19.destination_node !== undefined){
let data22 = data19.destination_node;
if(!(data22 && typeof data22 == "object" && !Array.isArray(data22))){
const err37 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/destination_node",schemaPath:"#/properties/data_flow_connections/items/properties/destination_node/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data19.destination_input !== undefined){
let data23 = data19.destination_input;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err38 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/destination_input",schemaPath:"#/properties/data_flow_connections/items/properties/destination_input/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/destination_input",schemaPath:"#/properties/data_flow_connections/items/properties/destination_input/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data19.metadata !== undefined){
let data24 = data19.metadata;
if((!(data24 && typeof data24 == "object" && !Array.isArray(data24))) && (data24 !== null)){
const err40 = {instancePath:instancePath+"/data_flow_connections/" + i4+"/metadata",schemaPath:"#/properties/data_flow_connections/items/properties/metadata/type",keyword:"type",params:{type: schema30.properties.data_flow_connections.items.properties.metadata.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/data_flow_connections/" + i4,schemaPath:"#/properties/data_flow_connections/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
}
if(data.$referenced_components !== undefined){
let data25 = data.$referenced_components;
if(!(data25 && typeof data25 == "object" && !Array.isArray(data25))){
const err42 = {instancePath:instancePath+"/$referenced_components",schemaPath:"#/properties/%24referenced_components/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}

exports.validateAgentSpecNode = validate27;
const schema31 = {"$id":"wfe:agentspec-node","type":"object","required":["component_type","name"],"properties":{"component_type":{"type":"string","minLength":1},"id":{"type":"string"},"name":{"type":"string"},"description":{"type":["string","null"]},"metadata":{"type":["object","null"]},"inputs":{"type":["array","null"],"items":{"type":"object","required":["title"],"properties":{"title":{"type":"string","minLength":1}}}},"outputs":{"type":["array","null"],"items":{"type":"object","required":["title"],"properties":{"title":{"type":"string","minLength":1}}}},"branches":{"type":["array","null"],"items":{"type":"string"}},"mapping":{"type":"object","additionalProperties":{"type":"string"}}}};

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="wfe:agentspec-node" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.component_type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "component_type"},message:"must have required property '"+"component_type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.component_type !== undefined){
let data0 = data.component_type;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err2 = {instancePath:instancePath+"/component_type",schemaPath:"#/properties/component_type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/component_type",schemaPath:"#/properties/component_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.description !== undefined){
let data3 = data.description;
if((typeof data3 !== "string") && (data3 !== null)){
const err6 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema31.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.metadata !== undefined){
let data4 = data.metadata;
if((!(data4 && typeof data4 == "object" && !Array.isArray(data4))) && (data4 !== null)){
const err7 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: schema31.properties.metadata.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.inputs !== undefined){
let data5 = data.inputs;
if((!(Array.isArray(data5))) && (data5 !== null)){
const err8 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: schema31.properties.inputs.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(Array.isArray(data5)){
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.title === undefined){
const err9 = {instancePath:instancePath+"/inputs/" + i0,schemaPath:"#/properties/inputs/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data6.title !== undefined){
let data7 = data6.title;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err10 = {instancePath:instancePath+"/inputs/" + i0+"/title",schemaPath:"#/properties/inputs/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/inputs/" + i0+"/title",schemaPath:"#/properties/inputs/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err12 = {instancePath:instancePath+"/inputs/" + i0,schemaPath:"#/properties/inputs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
}
if(data.outputs !== undefined){
let data8 = data.outputs;
if((!(Array.isArray(data8))) && (data8 !== null)){
const err13 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: schema31.properties.outputs.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(Array.isArray(data8)){
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
let data9 = data8[i1];
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.title === undefined){
const err14 = {instancePath:instancePath+"/outputs/" + i1,schemaPath:"#/properties/outputs/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data9.title !== undefined){
let data10 = data9.title;
if(typeof data10 === "string"){
if(func2(data10) < 1){
const err15 = {instancePath:instancePath+"/outputs/" + i1+"/title",schemaPath:"#/properties/outputs/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/outputs/" + i1+"/title",schemaPath:"#/properties/outputs/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/outputs/" + i1,schemaPath:"#/properties/outputs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
}
if(data.branches !== undefined){
let data11 = data.branches;
if((!(Array.isArray(data11))) && (data11 !== null)){
const err18 = {instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/type",keyword:"type",params:{type: schema31.properties.branches.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(Array.isArray(data11)){
const len2 = data11.length;
for(let i2=0; i2<len2; i2++){
if(typeof data11[i2] !== "string"){
const err19 = {instancePath:instancePath+"/branches/" + i2,schemaPath:"#/properties/branches/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.mapping !== undefined){
let data13 = data.mapping;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
for(const key0 in data13){
if(typeof data13[key0] !== "string"){
const err20 = {instancePath:instancePath+"/mapping/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/mapping/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/mapping",schemaPath:"#/properties/mapping/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}

